import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { MessageKey } from '../../i18n/i18n';
import { type SubmitOptions, useFormErrors } from './use-form-errors';
import { type Rules, validateField, validateForm } from './validation';

export type FormOptions<F extends string> = {
  /**
   * Fields the form shows a message beside that are not text values (a checkbox:
   * `terms_accepted`), by the server's names.
   */
  fields?: readonly string[];
  /** Checks beyond the text rules (an unticked checkbox), made with them on submit. */
  check?: (values: Record<F, string>) => Partial<Record<string, MessageKey>>;
};

/**
 * Form state for text fields on top of `useFormErrors`: values, client rules
 * (docs/product.md#validation 'Required' / 'Invalid input', checked on blur and on submit) and the
 * server's field messages, each shown until its field changes. `field(name)` returns the props a
 * MUI TextField or the kit's TextInput takes; `handleSubmit(action)` checks the rules, then runs
 * `action` through `submit`: a 422 lands beside the fields, any other failure goes to the common
 * error handler.
 */
export function useForm<F extends string>(
  initial: Record<F, string>,
  rules: Rules<F>,
  options: FormOptions<F> = {},
) {
  const [values, setValues] = useState(initial);
  const names: readonly string[] = [...Object.keys(initial), ...(options.fields ?? [])];
  const errors = useFormErrors({ fields: names });

  /** Sets a value from a control that reports a plain value (a select, an autocomplete). */
  const setValue = (name: F, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A message is cleared as the user edits; it comes back on blur or submit if still wrong.
    errors.clear(name);
  };

  const field = (name: F) => {
    const rule = rules[name];
    return {
      name,
      value: values[name],
      required: Boolean(rule?.required),
      ...errors.helper(name),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValue(name, event.target.value),
      onBlur: () => {
        if (!rule || values[name] === '') return;
        const key = validateField(values[name], rule);
        if (key) errors.showRuleError(name, key);
      },
    };
  };

  /** Checks the rules, then runs `action` with the values (see `useFormErrors().submit`). */
  const handleSubmit = (
    action: (values: Record<F, string>) => Promise<void> | void,
    submitOptions?: SubmitOptions,
  ) => {
    return async (event: FormEvent) => {
      event.preventDefault();
      const failed = { ...validateForm(values, rules), ...options.check?.(values) };
      if (!errors.check(failed)) return;
      await errors.submit(async () => action(values), submitOptions);
    };
  };

  return {
    values,
    setValue,
    field,
    handleSubmit,
    submitting: errors.submitting,
    message: errors.message,
    clear: errors.clear,
    /** Shows texts beside fields as given (a check the form makes in its action). */
    showMessages: errors.showMessages,
    formMessages: errors.formMessages,
  };
}
