import { describe, expect, it } from 'vitest';
import { cardBrandName } from './card-brands';

describe('cardBrandName', () => {
  it('writes a provider’s brand id as people write it, and an unknown one as given', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('cartes_bancaires')).toBe('cartes_bancaires');
  });
});
