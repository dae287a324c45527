import { type ChangeEvent, type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RuleMessageKey, type Rules, validateField, validateForm } from './validation';

/** A field's message: a rule's message key (translated at render) or a server's text as given. */
type FieldMessage = { key: RuleMessageKey } | { text: string };

/**
 * Form state for the kit's text fields: values, client rules (docs/product.md#validation 'Required' / 'Invalid input',
 * checked on blur and on submit) and server field messages (422, shown until the field changes).
 * `field(name)` returns the props a MUI TextField takes.
 */
export function useForm<F extends string>(initial: Record<F, string>, rules: Rules<F>) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [messages, setMessages] = useState<Partial<Record<F, FieldMessage>>>({});
  const [submitting, setSubmitting] = useState(false);

  const setServerErrors = useCallback((fields: Record<string, string>) => {
    setMessages((current) => {
      const next = { ...current };
      for (const [name, text] of Object.entries(fields)) next[name as F] = { text };
      return next;
    });
  }, []);

  const field = (name: F) => {
    const message = messages[name];
    const rule = rules[name];
    return {
      name,
      value: values[name],
      required: Boolean(rule?.required),
      error: message !== undefined,
      helperText: message ? ('key' in message ? t(message.key) : message.text) : ' ',
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const value = event.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        // A message is cleared as the user edits; it comes back on blur or submit if still wrong.
        setMessages((m) => {
          if (!(name in m)) return m;
          const { [name]: _removed, ...rest } = m;
          return rest as Partial<Record<F, FieldMessage>>;
        });
      },
      onBlur: () => {
        if (!rule || values[name] === '') return;
        const key = validateField(values[name], rule);
        if (key) setMessages((m) => ({ ...m, [name]: { key } }));
      },
    };
  };

  /** Validates, then runs `action` with the values when every rule passes. */
  const handleSubmit = (action: (values: Record<F, string>) => Promise<void> | void) => {
    return async (event: FormEvent) => {
      event.preventDefault();
      const errors = validateForm(values, rules);
      const failed = Object.keys(errors) as F[];
      if (failed.length > 0) {
        const next: Partial<Record<F, FieldMessage>> = {};
        for (const name of failed) {
          const key = errors[name];
          if (key) next[name] = { key };
        }
        setMessages(next);
        return;
      }
      setMessages({});
      setSubmitting(true);
      try {
        await action(values);
      } finally {
        setSubmitting(false);
      }
    };
  };

  return { values, field, handleSubmit, setServerErrors, submitting };
}
