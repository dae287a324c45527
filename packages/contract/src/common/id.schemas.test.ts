import { describe, expect, it } from 'vitest';
import { ID_MAX, idParamsSchema, idSchema, idTextSchema, isIdText } from './id.schemas';

describe('idSchema', () => {
  it('accepts 1 and the largest PostgreSQL integer, as numbers', () => {
    expect(idSchema.parse('1')).toBe(1);
    expect(idSchema.parse('2147483647')).toBe(ID_MAX);
    expect(idSchema.parse('42')).toBe(42);
  });

  it.each([
    '0x10',
    '1e3',
    ' 1',
    '1 ',
    '-1',
    '+1',
    '0',
    '01',
    '1.0',
    '2147483648',
    '9999999999',
    '9223372036854775808',
    '',
    'abc',
    '\u00001',
    '１',
  ])('refuses %j', (text) => {
    const result = idSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid input');
  });

  it('refuses numbers and other types: no coercion', () => {
    for (const value of [1, 1n, null, true, ['1'], { id: '1' }]) {
      expect(idSchema.safeParse(value).success).toBe(false);
    }
  });

  it("says 'Required' when the id is missing", () => {
    expect(idSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Required');
  });

  it('keeps an id as text with idTextSchema, refused by the same rule with its own message', () => {
    const schema = idTextSchema('Choose a class');
    expect(schema.parse('7')).toBe('7');
    for (const bad of ['0', '2147483648', ' 7', 7]) {
      expect(schema.safeParse(bad).error?.issues[0]?.message).toBe('Choose a class');
    }
  });

  it('builds the {id} params of a route', () => {
    expect(idParamsSchema.parse({ id: '5' })).toEqual({ id: 5 });
    expect(idParamsSchema.safeParse({ id: '2147483648' }).success).toBe(false);
  });

  it('isIdText agrees with the schema at the edges', () => {
    expect(isIdText('2147483647')).toBe(true);
    expect(isIdText('2147483648')).toBe(false);
    expect(isIdText('0')).toBe(false);
  });
});
