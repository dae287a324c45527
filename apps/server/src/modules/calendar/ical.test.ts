import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, renderCalendar, utcDateTime } from './ical';

describe('iCalendar writer', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(escapeText('Paint; draw, \\ sketch\nNext line\r\nThird')).toBe(
      'Paint\\; draw\\, \\\\ sketch\\nNext line\\nThird',
    );
  });

  it('folds lines longer than 75 octets with CRLF and a space, never splitting a character', () => {
    const line = `SUMMARY:${'あ'.repeat(40)}`; // 8 + 120 octets
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
    }
    // Unfolding (remove CRLF + one space) gives the line back, with no broken characters.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('leaves a 75-octet line alone', () => {
    const line = `X:${'a'.repeat(73)}`;
    expect(foldLine(line)).toBe(line);
  });

  it('writes UTC DATE-TIME values', () => {
    expect(utcDateTime(new Date('2026-03-08T14:00:00.000Z'))).toBe('20260308T140000Z');
  });

  it('renders a VCALENDAR with CRLF line ends and one VEVENT per event', () => {
    const text = renderCalendar({
      productId: '-//Atelier//Classes//EN',
      name: 'Atelier classes',
      stamp: new Date('2026-11-21T12:00:00Z'),
      events: [
        {
          uid: 'klass-1@atelier.test',
          start: new Date('2026-11-22T15:00:00Z'),
          end: new Date('2026-11-22T17:00:00Z'),
          summary: 'Observational Drawing',
          description: 'Autumn term, Sundays',
          location: '12 Main St, Brooklyn',
          url: null,
          status: 'CANCELLED',
          lastModified: new Date('2026-11-20T09:30:00Z'),
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toContain('PRODID:-//Atelier//Classes//EN');
    expect(lines).toContain('UID:klass-1@atelier.test');
    expect(lines).toContain('DTSTAMP:20261121T120000Z');
    expect(lines).toContain('DTSTART:20261122T150000Z');
    expect(lines).toContain('DTEND:20261122T170000Z');
    expect(lines).toContain('DESCRIPTION:Autumn term\\, Sundays');
    expect(lines).toContain('LOCATION:12 Main St\\, Brooklyn');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });
});
