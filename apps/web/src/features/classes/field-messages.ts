import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/i18n';

/** A field's message: a client rule's key (translated at render) or the server's text as given. */
export type FieldMessage = { key: MessageKey } | { text: string };

/**
 * Messages beside the fields of the classes forms, keyed by the server's field names
 * (`name`, `slots.0.end_time`, `exception_dates.2`), so a 422's `fieldErrors` land beside the
 * control that caused them. Client rules ('Required' / 'Invalid input') use the same keys.
 */
export function useFieldMessages() {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<Record<string, FieldMessage>>({});

  /** Replaces every message with the client rules' result. */
  const showClientErrors = useCallback((errors: Record<string, MessageKey>) => {
    setMessages(Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, { key }])));
  }, []);

  /** Adds the server's field messages (a 422). */
  const showServerErrors = useCallback((fields: Record<string, string>) => {
    setMessages((current) => {
      const next = { ...current };
      for (const [name, text] of Object.entries(fields)) next[name] = { text };
      return next;
    });
  }, []);

  /** Drops a field's message as the user edits it. */
  const clear = useCallback((...names: string[]) => {
    setMessages((current) => {
      if (!names.some((name) => name in current)) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
  }, []);

  const reset = useCallback(() => setMessages({}), []);

  /** The translated message of `name`, or undefined. */
  const message = (name: string): string | undefined => {
    const found = messages[name];
    if (!found) return undefined;
    return 'key' in found ? t(found.key) : found.text;
  };

  /** Props for a MUI field: `error` and a helper text (a space keeps the layout steady). */
  const helper = (name: string, hint?: string) => {
    const text = message(name);
    return { error: text !== undefined, helperText: text ?? hint ?? ' ' };
  };

  return { messages, message, helper, showClientErrors, showServerErrors, clear, reset };
}
