import type { CreateAddonBody } from '@atelier/contract';
import { validateField } from '../../components/form/validation';
import type { MessageKey } from '../../i18n/i18n';
import { dollarsToCents } from '../../lib/money';
import { japaneseTranslations } from './translations-form';

/** An add-on as typed: the price in dollars (the API takes cents). */
export type AddonFormValues = { name: string; price: string; name_ja: string };

export function validateAddonForm(values: AddonFormValues): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  const name = validateField(values.name, { required: true, check: (v) => v.length <= 120 });
  const price = validateField(values.price, {
    required: true,
    check: (v) => dollarsToCents(v) !== null,
  });
  const nameJa = validateField(values.name_ja, { check: (v) => v.length <= 120 });
  if (name) errors.name = name;
  if (nameJa) errors['translations.ja.name'] = nameJa;
  if (price) errors.price = price;
  return errors;
}

/** Call only after `validateAddonForm` found nothing. */
export function addonBody(values: AddonFormValues): CreateAddonBody['addon'] {
  return {
    name: values.name.trim(),
    price: dollarsToCents(values.price) ?? 0,
    translations: japaneseTranslations({ name: values.name_ja }),
  };
}
