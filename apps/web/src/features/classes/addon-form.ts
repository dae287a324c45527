import type { AddonFields } from '@atelier/contract';
import { validateField } from '../../components/form/validation';
import type { MessageKey } from '../../i18n/i18n';
import { dollarsToCents } from '../../lib/money';

/** An add-on as typed: the price in dollars (the API takes cents). */
export type AddonFormValues = { name: string; price: string };

export function validateAddonForm(values: AddonFormValues): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  const name = validateField(values.name, { required: true, check: (v) => v.length <= 120 });
  const price = validateField(values.price, {
    required: true,
    check: (v) => dollarsToCents(v) !== null,
  });
  if (name) errors.name = name;
  if (price) errors.price = price;
  return errors;
}

/** Call only after `validateAddonForm` found nothing. */
export function addonBody(values: AddonFormValues): AddonFields {
  return { name: values.name.trim(), price: dollarsToCents(values.price) ?? 0 };
}
