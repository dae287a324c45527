import { describe, expect, it } from 'vitest';
import { publicStudentName } from './student-name';

describe('publicStudentName: first name and last initial outside the family and staff', () => {
  it('shortens a first and last name to the last initial', () => {
    expect(publicStudentName('Mia Kato')).toBe('Mia K.');
    expect(publicStudentName('leo parent')).toBe('leo P.');
  });

  it('keeps only the first name and the initial of the last one when there are middle names', () => {
    expect(publicStudentName('Mia Anne Kato')).toBe('Mia K.');
  });

  it('leaves a single name as it is', () => {
    expect(publicStudentName('Mia')).toBe('Mia');
    expect(publicStudentName('  Mia  ')).toBe('Mia');
  });

  it('ignores extra, leading, trailing and ideographic spaces', () => {
    expect(publicStudentName('  Mia    Kato  ')).toBe('Mia K.');
    expect(publicStudentName('Mia\tKato')).toBe('Mia K.');
    expect(publicStudentName('山田\u3000花子')).toBe('山田 花.');
  });

  it('takes a whole character of a Japanese or non-BMP name', () => {
    expect(publicStudentName('山田 花子')).toBe('山田 花.');
    expect(publicStudentName('ミア カトウ')).toBe('ミア カ.');
    expect(publicStudentName('Mia 𠮷田')).toBe('Mia 𠮷.');
    expect(publicStudentName('Mia Émile')).toBe('Mia É.');
  });

  it('gives an empty name for a blank one', () => {
    expect(publicStudentName('   ')).toBe('');
  });
});
