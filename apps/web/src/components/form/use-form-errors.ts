import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/i18n';
import { type ApiError, handleError, toApiError } from '../../lib/api-client';
import { translateServerMessage } from './server-messages';

/** A field's message: a client rule's key (translated at render) or a text shown as given. */
type FieldMessage = { key: MessageKey } | { text: string };

export type FormErrorsOptions = {
  /**
   * The fields the form shows a message beside, by the server's names (`name`,
   * `slots.0.end_time`): a list, or a test for forms with numbered fields. A 422 message for any
   * other field goes to `formMessages`, shown above the form, so none is lost.
   */
  fields: readonly string[] | ((name: string) => boolean);
};

export type SubmitOptions = {
  /** The action's words for the common error handler's snackbar ("Could not save the plan"). */
  label?: string;
  /** Maps a server field name to the form's own, where they differ (`starts_at` → `date`). */
  fieldOf?: (serverName: string) => string;
  /**
   * Takes a failure before the usual rules, e.g. a refused mailed link the page explains
   * itself; returns true when it did.
   */
  onFailure?: (error: ApiError) => boolean;
};

/**
 * The one way a form reports what went wrong (docs/product.md#validation and #error-handling):
 * client rules and the server's 422 field messages beside their fields, keyed by the server's
 * field names; every other failure through the common error handler (a snackbar). A field's
 * message goes as the user edits that field (`clear`).
 *
 * `submit(action)` runs the call: a 422 whose entries are `meta.type === 'validate'` puts their
 * messages (known ones in the UI language, components/form/server-messages.ts) beside the fields;
 * anything else goes to `handleError`. `useForm` builds its text fields on this; forms with richer
 * controls (pickers, repeated rows) use it directly with `helper(name)`.
 */
export function useFormErrors({ fields }: FormErrorsOptions) {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<Record<string, FieldMessage>>({});
  const [formMessages, setFormMessages] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const shown = (name: string) =>
    typeof fields === 'function' ? fields(name) : fields.includes(name);

  /** Drops the messages of `names` (the user is editing them). */
  const clear = useCallback((...names: string[]) => {
    setMessages((current) => {
      if (!names.some((name) => name in current)) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
  }, []);

  /** Drops every message. */
  const reset = useCallback(() => {
    setMessages({});
    setFormMessages([]);
  }, []);

  /** Shows texts beside fields as given (a check the form makes itself, or a server's words). */
  const showMessages = useCallback((texts: Partial<Record<string, string>>) => {
    setMessages((current) => {
      const next = { ...current };
      for (const [name, text] of Object.entries(texts)) if (text) next[name] = { text };
      return next;
    });
  }, []);

  /** Adds a client rule's message beside one field (checked as it loses focus). */
  const showRuleError = useCallback((name: string, key: MessageKey) => {
    setMessages((current) => ({ ...current, [name]: { key } }));
  }, []);

  /**
   * Shows the client rules' result in place of every message: true when it is empty (the form may
   * be sent), false when a field has a message.
   */
  const check = useCallback((errors: Partial<Record<string, MessageKey>>): boolean => {
    const next: Record<string, FieldMessage> = {};
    for (const [name, key] of Object.entries(errors)) if (key) next[name] = { key };
    setMessages(next);
    setFormMessages([]);
    return Object.keys(next).length === 0;
  }, []);

  /** Puts a 422's validate messages beside their fields; false when it carries none. */
  const showFieldErrors = (error: ApiError, fieldOf?: (serverName: string) => string): boolean => {
    const entries = error.status === 422 ? Object.entries(error.fields) : [];
    if (entries.length === 0) return false;
    const beside: Record<string, string> = {};
    const above: string[] = [];
    for (const [serverName, text] of entries) {
      const name = fieldOf ? fieldOf(serverName) : serverName;
      const message = translateServerMessage(text, t);
      if (shown(name)) beside[name] = message;
      else above.push(message);
    }
    showMessages(beside);
    setFormMessages(above);
    return true;
  };

  /**
   * Runs `action` (the server call and what follows it); resolves true when it completed, false
   * when it failed and the failure was shown.
   */
  const submit = async (action: () => Promise<unknown>, options: SubmitOptions = {}) => {
    setFormMessages([]);
    setSubmitting(true);
    try {
      await action();
      return true;
    } catch (thrown) {
      const error = toApiError(thrown);
      if (!options.onFailure?.(error) && !showFieldErrors(error, options.fieldOf)) {
        handleError(thrown, options.label);
      }
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  /** The message beside `name`, translated, or undefined. */
  const message = (name: string): string | undefined => {
    const found = messages[name];
    if (!found) return undefined;
    return 'key' in found ? t(found.key) : found.text;
  };

  /** Props for a MUI field: `error`, and the message or else `hint` (a space keeps the layout steady). */
  const helper = (name: string, hint?: string) => {
    const text = message(name);
    return { error: text !== undefined, helperText: text ?? hint ?? ' ' };
  };

  return {
    message,
    helper,
    clear,
    reset,
    check,
    showRuleError,
    showMessages,
    submit,
    submitting,
    /** The server's messages for fields the form does not show (`FormErrorAlert`). */
    formMessages,
  };
}

export type FormErrors = ReturnType<typeof useFormErrors>;
