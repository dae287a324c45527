import { PASSWORD_MIN_LENGTH } from '@atelier/contract';

export type PasswordStrength = 'empty' | 'tooShort' | 'weak' | 'fair' | 'strong';

/** How many kinds of character a password mixes: lower case, upper case, digits, anything else. */
export function characterVariety(password: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((kind) => kind.test(password)).length;
}

/**
 * A hint for the person typing, from length and variety only. The server is the judge: it
 * enforces PASSWORD_MIN_LENGTH and refuses passwords on its common-password list (too big to ship
 * to the browser), so 'strong' here is never a promise that the server will accept it.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password === '') return 'empty';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  // Length counts for more than variety: a long passphrase of lower-case words is hard to guess.
  const score =
    characterVariety(password) +
    (password.length >= 14 ? 1 : 0) +
    (password.length >= 20 ? 1 : 0) +
    // One character repeated or a run like "aaaaaaaaaa" is as weak as it gets.
    (new Set(password).size < 4 ? -3 : 0);
  if (score >= 4) return 'strong';
  if (score >= 2) return 'fair';
  return 'weak';
}

/** The share of the strength bar to fill, 0..1. */
export function strengthFraction(strength: PasswordStrength): number {
  return { empty: 0, tooShort: 0.15, weak: 0.35, fair: 0.65, strong: 1 }[strength];
}
