import { describe, expect, it } from 'vitest';
import { validateField, validateForm } from './validation';

describe('validateField', () => {
  it("says 'Required' for an empty or blank required field", () => {
    expect(validateField('', { required: true })).toBe('common.required');
    expect(validateField('   ', { required: true })).toBe('common.required');
  });

  it('lets an empty optional field pass, whatever its other rules', () => {
    expect(validateField('', { email: true, integer: { min: 1 } })).toBeNull();
  });

  it("says 'Invalid input' for a malformed e-mail and accepts a valid one", () => {
    expect(validateField('ada@', { required: true, email: true })).toBe('common.invalidInput');
    expect(validateField('ada example.com', { email: true })).toBe('common.invalidInput');
    expect(validateField(' Ada@Example.com ', { email: true })).toBeNull();
  });

  it('checks whole numbers and their bounds', () => {
    const rule = { integer: { min: 1, max: 120 } };
    expect(validateField('12', rule)).toBeNull();
    expect(validateField('1.5', rule)).toBe('common.invalidInput');
    expect(validateField('abc', rule)).toBe('common.invalidInput');
    expect(validateField('0', rule)).toBe('common.invalidInput');
    expect(validateField('121', rule)).toBe('common.invalidInput');
  });

  it('applies a custom check', () => {
    expect(validateField('abc', { check: (v) => v.length > 5 })).toBe('common.invalidInput');
    expect(validateField('abcdef', { check: (v) => v.length > 5 })).toBeNull();
  });
});

describe('validateForm', () => {
  it('reports only the fields that fail', () => {
    const errors = validateForm(
      { name: '', email: 'nope', age: '30' },
      { name: { required: true }, email: { email: true }, age: { integer: { min: 1 } } },
    );
    expect(errors).toEqual({ name: 'common.required', email: 'common.invalidInput' });
  });
});
