import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ada King Lovelace')).toBe('AL');
    expect(initials('grace hopper')).toBe('GH');
  });

  it('gives one letter for a one-word name', () => {
    expect(initials('Hokusai')).toBe('H');
  });

  it('ignores surrounding and repeated spaces', () => {
    expect(initials('  Frida   Kahlo  ')).toBe('FK');
  });

  it('is empty when there is no name, so the avatar shows the person icon', () => {
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials(null)).toBe('');
    expect(initials(undefined)).toBe('');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(initials('𝒜da Lovelace')).toBe('𝒜L');
  });
});
