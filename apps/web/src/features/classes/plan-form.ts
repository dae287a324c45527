import type { FlatPlan } from '@atelier/contract';
import { type CreatePlanBody, UNIT_TYPES, type UnitType } from '@atelier/contract';
import { validateField } from '../../components/form/validation';
import type { MessageKey } from '../../i18n/i18n';
import { centsToDollars, dollarsToCents } from '../../lib/money';

/** A plan as typed: prices in dollars (the API takes cents). */
export type PlanFormValues = {
  name: string;
  base_price: string;
  unit_price: string;
  unit_type: UnitType | '';
};

export const emptyPlanForm: PlanFormValues = {
  name: '',
  base_price: '0',
  unit_price: '',
  unit_type: '',
};

export function planFormValues(plan: FlatPlan): PlanFormValues {
  return {
    name: plan.name,
    base_price: centsToDollars(plan.base_price),
    unit_price: centsToDollars(plan.unit_price),
    unit_type: plan.unit_type,
  };
}

const money = { required: true, check: (v: string) => dollarsToCents(v) !== null };

export function validatePlanForm(values: PlanFormValues): Record<string, MessageKey> {
  const errors: Record<string, MessageKey> = {};
  const checks: [string, MessageKey | null][] = [
    ['name', validateField(values.name, { required: true, check: (v) => v.length <= 120 })],
    ['base_price', validateField(values.base_price, money)],
    ['unit_price', validateField(values.unit_price, money)],
    [
      'unit_type',
      validateField(values.unit_type, {
        required: true,
        check: (v) => (UNIT_TYPES as readonly string[]).includes(v),
      }),
    ],
  ];
  for (const [name, key] of checks) if (key) errors[name] = key;
  return errors;
}

/** Call only after `validatePlanForm` found nothing. */
export function planBody(values: PlanFormValues): CreatePlanBody['plan'] {
  return {
    name: values.name.trim(),
    base_price: dollarsToCents(values.base_price) ?? 0,
    unit_price: dollarsToCents(values.unit_price) ?? 0,
    unit_type: values.unit_type as UnitType,
  };
}
