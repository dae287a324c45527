import type { ResourceField } from '@atelier/contract';
import { centsToDollars, dollarsToCents } from '../../lib/money';
import type { FieldRule } from '../form/validation';

// The values, rules and body of a resource's form, made from its declared fields
// (docs/architecture.md#adding-a-resource): every control holds text, as the one form hook does.

type Fields = Record<string, ResourceField>;
type Row = Record<string, unknown>;

/** The form's name of a translation's control: where the server's 422 for it lands too. */
export const translationName = (field: string, language = 'ja') =>
  `translations.${language}.${field}`;

/** The form's text values: a row's (edit) or the declared initial ones (new). */
export function resourceFormValues(fields: Fields, row?: Row): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = row?.[name];
    if (value === undefined || value === null) values[name] = row ? '' : (field.initial ?? '');
    else if (field.kind === 'money') values[name] = centsToDollars(Number(value));
    else values[name] = String(value);
    if (field.translatable) {
      const translations = row?.translations as { ja?: Record<string, string> } | undefined;
      values[translationName(name)] = translations?.ja?.[name] ?? '';
    }
  }
  return values;
}

/** The client's checks of each control (the server checks again and says why). */
export function resourceFormRules(fields: Fields): Record<string, FieldRule> {
  const rules: Record<string, FieldRule> = {};
  for (const [name, field] of Object.entries(fields)) {
    const required = Boolean(field.required);
    const max = field.max;
    switch (field.kind) {
      case 'money':
        rules[name] = {
          required,
          check: (v) => {
            const cents = dollarsToCents(v);
            return cents !== null && (max === undefined || cents <= max);
          },
        };
        break;
      case 'number':
        rules[name] = { required, integer: { max } };
        break;
      case 'enum':
        rules[name] = { required, check: (v) => (field.options ?? []).includes(v) };
        break;
      case 'boolean':
        rules[name] = {};
        break;
      default: {
        const length = (v: string) => max === undefined || v.length <= max;
        rules[name] = { required, email: field.inputType === 'email', check: length };
        if (field.translatable) rules[translationName(name)] = { check: length };
      }
    }
  }
  return rules;
}

/** The body's fields from checked values: cents, numbers, nulls and translations as declared. */
export function resourceFormBody(fields: Fields, values: Record<string, string>): Row {
  const body: Row = {};
  const ja: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    const text = values[name] ?? '';
    switch (field.kind) {
      case 'money':
        body[name] = dollarsToCents(text) ?? 0;
        break;
      case 'number':
        body[name] = text.trim() === '' ? null : Number(text);
        break;
      case 'boolean':
        body[name] = text === 'true';
        break;
      case 'enum':
        body[name] = text;
        break;
      default: {
        const value = field.kind === 'multiline' ? text : text.trim();
        body[name] = field.nullable && value.trim() === '' ? null : value;
        // An empty translation is sent too: it clears the one kept (the default language shows).
        if (field.translatable) ja[name] = (values[translationName(name)] ?? '').trim();
      }
    }
  }
  if (Object.keys(ja).length > 0) body.translations = { ja };
  return body;
}
