import type { UnitType } from '@atelier/contract';
import type { TFunction } from 'i18next';
import { formatCents } from '../../lib/money';

/** A plan's price in words: '$20.00 + $30.00 per class' (docs/architecture.md#domain-model: base + unit × units). */
export function planPriceText(
  plan: { base_price: number; unit_price: number; unit_type: UnitType },
  currency: string,
  locale: string,
  t: TFunction,
): string {
  return t('managePlans.priceText', {
    base: formatCents(plan.base_price, currency, locale),
    unit: formatCents(plan.unit_price, currency, locale),
    per: t(`managePlans.unitTypes.${plan.unit_type}`),
  });
}
