import { regexes } from 'zod/v4/core';

/**
 * The contract's emailSchema check (trimmed, lower-cased, non-empty, then `z.email()`, whose
 * default pattern is zod's `regexes.email`) as a plain function. Forms check e-mail addresses
 * synchronously on every visit, including the first one to /app/login, and the schema would pull
 * all of zod into that visit (the first-visit budget of decision 021); the pattern alone is a few
 * hundred bytes.
 * email.test.ts keeps the two in agreement.
 */
export function isEmailAddress(value: string): boolean {
  const normalised = value.trim().toLowerCase();
  return normalised !== '' && regexes.email.test(normalised);
}
