import { describe, expect, it } from 'vitest';
import { LEDGER_API } from './ledger.paths';
import {
  LEDGER_ADJUSTMENT_MAX,
  LEDGER_ENTRY_KINDS,
  LEDGER_KIND_SIGN,
  ledgerAdjustmentBodySchema,
} from './ledger.schemas';

describe('a ledger adjustment', () => {
  it('takes a credit or a charge in whole cents with a trimmed reason', () => {
    expect(
      ledgerAdjustmentBodySchema.parse({ kind: 'credit', amount: 2500, reason: '  Goodwill  ' }),
    ).toEqual({ kind: 'credit', amount: 2500, reason: 'Goodwill' });
  });

  it('refuses other kinds, amounts that are not whole, positive and bounded, and no reason', () => {
    const bad = [
      { kind: 'payment', amount: 100, reason: 'x' },
      { kind: 'credit', amount: 0, reason: 'x' },
      { kind: 'credit', amount: -5, reason: 'x' },
      { kind: 'credit', amount: 1.5, reason: 'x' },
      { kind: 'credit', amount: LEDGER_ADJUSTMENT_MAX + 1, reason: 'x' },
      { kind: 'charge', amount: 100, reason: '   ' },
      { kind: 'charge', amount: 100 },
    ];
    for (const body of bad) expect(ledgerAdjustmentBodySchema.safeParse(body).success).toBe(false);
  });

  it('gives every kind a sign', () => {
    for (const kind of LEDGER_ENTRY_KINDS) expect(Math.abs(LEDGER_KIND_SIGN[kind])).toBe(1);
    expect(LEDGER_KIND_SIGN.charge).toBe(1);
    expect(LEDGER_KIND_SIGN.refund).toBe(1);
    expect(LEDGER_KIND_SIGN.payment).toBe(-1);
    expect(LEDGER_KIND_SIGN.credit).toBe(-1);
    expect(LEDGER_KIND_SIGN.credit_applied).toBe(1);
  });

  it('names its paths', () => {
    expect(LEDGER_API.accountLedger).toBe('/api/v2/account/ledger');
    expect(LEDGER_API.customerLedger(3)).toBe('/api/v2/admin/customers/3/ledger');
    expect(LEDGER_API.guestCustomerLedger(4)).toBe('/api/v2/admin/guest_customers/4/ledger');
  });
});
