import { MAX_PRICE_CENTS } from '@atelier/contract';

// The API speaks integer cents (docs/architecture.md#http-contract); admins type dollars. These convert without floating
// point surprises ("19.99" * 100 is 1998.9999…) and format in the school's currency.

/** `'19.99'` → 1999; null for anything that is not a non-negative amount with at most 2 decimals. */
export function dollarsToCents(text: string): number | null {
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** 1999 → `'19.99'`; 2000 → `'20'` (what the edit form starts with). */
export function centsToDollars(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** The shared currency formatter for `locale` and `currency`, made on first use. */
function currencyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Cents shown as money in `currency` for `locale` (`$19.99`, `US$19.99` in Japanese). */
export function formatCents(cents: number, currency: string, locale: string): string {
  return currencyFormat(currency, locale).format(cents / 100);
}

/** The currency's symbol as the UI language writes it ('$' for USD in English). */
export function currencySymbol(currency: string, locale: string): string {
  const part = currencyFormat(currency, locale)
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency;
}
