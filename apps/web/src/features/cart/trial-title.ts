import type { CartTrialItem } from '@atelier/contract';
import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../../lib/date-formatter';

/**
 * A paid trial's one line, as receipts and orders name it (docs/decisions/077-trial-classes.md):
 * "Trial class: <programme> — <child>, <date>", the date in the class's zone.
 */
export function trialTitle(t: TFunction, item: CartTrialItem, locale: string): string {
  const trial = item.trial_class;
  return t('cart.trialTitle', {
    programme: trial.programme,
    child: trial.child_name,
    date: dateTimeFormat(locale, { dateStyle: 'medium', timeZone: trial.time_zone }).format(
      new Date(trial.starts_at),
    ),
  });
}
