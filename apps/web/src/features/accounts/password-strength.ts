import { PASSWORD_MIN_LENGTH } from '@atelier/contract';

export type PasswordStrength = 'empty' | 'tooShort' | 'tooCommon' | 'weak' | 'fair' | 'strong';

/** How many kinds of character a password mixes: lower case, upper case, digits, anything else. */
export function characterVariety(password: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((kind) => kind.test(password)).length;
}

/**
 * A hint for the person typing, from length and variety, and `tooCommon` for a password on the
 * common-password list the server refuses (`isCommon`, the contract's `isCommonPassword`, loaded
 * with the meter; until it has arrived, nothing is called common). The server stays the judge.
 */
export function passwordStrength(
  password: string,
  isCommon: (password: string) => boolean = () => false,
): PasswordStrength {
  if (password === '') return 'empty';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (isCommon(password)) return 'tooCommon';
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
  return { empty: 0, tooShort: 0.15, tooCommon: 0.25, weak: 0.35, fair: 0.65, strong: 1 }[strength];
}
