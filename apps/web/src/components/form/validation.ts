import { isEmailAddress } from '../../lib/email';

/** The generic form messages of docs/product.md#validation, as message keys. */
export type RuleMessageKey = 'common.required' | 'common.invalidInput';

export type FieldRule = {
  required?: boolean;
  email?: boolean;
  /** Whole numbers only, optionally bounded (inclusive). */
  integer?: { min?: number; max?: number };
  /** Any other check; false means 'Invalid input'. */
  check?: (value: string) => boolean;
};

/** 'Required' for an empty required field, 'Invalid input' for a filled field failing a rule. */
export function validateField(value: string, rule: FieldRule): RuleMessageKey | null {
  const trimmed = value.trim();
  if (trimmed === '') return rule.required ? 'common.required' : null;
  if (rule.email && !isEmailAddress(trimmed)) return 'common.invalidInput';
  if (rule.integer) {
    if (!/^-?\d+$/.test(trimmed)) return 'common.invalidInput';
    const n = Number(trimmed);
    if (rule.integer.min !== undefined && n < rule.integer.min) return 'common.invalidInput';
    if (rule.integer.max !== undefined && n > rule.integer.max) return 'common.invalidInput';
  }
  if (rule.check && !rule.check(trimmed)) return 'common.invalidInput';
  return null;
}

export type Rules<F extends string> = Partial<Record<F, FieldRule>>;

/** Every field's first failing message; fields that pass are absent. */
export function validateForm<F extends string>(
  values: Record<F, string>,
  rules: Rules<F>,
): Partial<Record<F, RuleMessageKey>> {
  const errors: Partial<Record<F, RuleMessageKey>> = {};
  for (const field of Object.keys(rules) as F[]) {
    const rule = rules[field];
    if (!rule) continue;
    const message = validateField(values[field], rule);
    if (message) errors[field] = message;
  }
  return errors;
}
