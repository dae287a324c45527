import { emailSchema } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email';

const samples = [
  'admin@example.com',
  '  Mixed.Case+tag@Example.CO.JP ',
  "o'brien@example.org",
  'first.last@sub.example.com',
  '',
  '   ',
  'plain',
  'no-at.example.com',
  'two@@example.com',
  'dot.@example.com',
  '.lead@example.com',
  'double..dot@example.com',
  'user@localhost',
  'user@example.c',
  'user@-example.com',
  'user@example..com',
  'user name@example.com',
];

describe('isEmailAddress', () => {
  it.each(samples)('agrees with the contract emailSchema on %j', (value) => {
    expect(isEmailAddress(value)).toBe(emailSchema.safeParse(value).success);
  });

  it('accepts an ordinary address and rejects an address without a domain', () => {
    expect(isEmailAddress('student@example.com')).toBe(true);
    expect(isEmailAddress('student@')).toBe(false);
  });
});
