import { isCommonPassword } from '@atelier/contract/common-passwords';
import { describe, expect, it } from 'vitest';
import { characterVariety, passwordStrength, strengthFraction } from './password-strength';

describe('passwordStrength', () => {
  it('says nothing for an empty password and "too short" under 10 characters', () => {
    expect(passwordStrength('')).toBe('empty');
    expect(passwordStrength('Ab1!Ab1!A')).toBe('tooShort');
  });

  it('rates ten lower-case letters weak, a mix fair, and a long varied one strong', () => {
    expect(passwordStrength('abcdefghij')).toBe('weak');
    expect(passwordStrength('abcdefgh12')).toBe('fair');
    expect(passwordStrength('Abcdefgh12!x')).toBe('strong');
    expect(passwordStrength('correct horse battery staple')).toBe('strong');
  });

  it('calls a password on the common list too common, with the very check the server makes', () => {
    // qwertyuiop mixes nothing and would be "weak"; Password123 would be "fair".
    expect(passwordStrength('qwertyuiop', isCommonPassword)).toBe('tooCommon');
    expect(passwordStrength('Password123', isCommonPassword)).toBe('tooCommon');
    expect(passwordStrength('Password123')).toBe('fair');
    expect(passwordStrength('Abcdefgh12!x', isCommonPassword)).toBe('strong');
  });

  it('rates a repeated character weak whatever its length', () => {
    expect(passwordStrength('aaaaaaaaaaaaaaaaaaaaaaaa')).toBe('weak');
    expect(passwordStrength('1111111111Aa')).not.toBe('strong');
  });

  it('counts the kinds of character mixed', () => {
    expect(characterVariety('abc')).toBe(1);
    expect(characterVariety('aB3$')).toBe(4);
  });

  it('fills more of the bar as the password gets stronger', () => {
    const order = ['empty', 'tooShort', 'tooCommon', 'weak', 'fair', 'strong'] as const;
    const fractions = order.map(strengthFraction);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(fractions.at(-1)).toBe(1);
  });
});
