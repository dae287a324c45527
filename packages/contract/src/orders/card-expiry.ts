/** A card's expiry: the last month it can be used (`year` with four digits). */
export type CardExpiry = { month: number; year: number };

/** `MM / YY` as a card shows it; the spaces around the slash may be left out. */
const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** The expiry typed in a card form (`MM / YY`), or null when it is not one. */
export function parseCardExpiry(text: string): CardExpiry | null {
  const match = EXPIRY.exec(text.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/**
 * Whether a card has run out by `today` (a year and month): a card is good through the end of its
 * expiry month, as Stripe's test cards are (an earlier month is refused as `expired_card`).
 */
export function cardExpired(expiry: CardExpiry, today: { year: number; month: number }): boolean {
  return expiry.year < today.year || (expiry.year === today.year && expiry.month < today.month);
}

/** Stripe's answer to an expired card, which the fake provider gives too. */
export const EXPIRED_CARD = { code: 'expired_card', message: 'Your card has expired.' } as const;
