import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, timeZoneLabel, timeZoneOptions } from './time-zones';

afterEach(() => {
  vi.restoreAllMocks();
});

function browserReports(timeZone: string | undefined) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone } as Intl.ResolvedDateTimeFormatOptions;
  });
}

describe('browserTimeZone', () => {
  it("is the browser's own zone", () => {
    browserReports('Asia/Tokyo');
    expect(browserTimeZone()).toBe('Asia/Tokyo');
  });

  it('falls back to America/New_York when the browser reports none or an unknown one', () => {
    browserReports(undefined);
    expect(browserTimeZone()).toBe('America/New_York');
    browserReports('Mars/Olympus_Mons');
    expect(browserTimeZone()).toBe('America/New_York');
  });
});

describe('timeZoneOptions', () => {
  it('lists the IANA zones sorted, with the default, UTC and any extra zone given', () => {
    const zones = timeZoneOptions('Asia/Calcutta');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('Europe/Paris');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Calcutta');
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe('timeZoneLabel', () => {
  it('spells a zone the way people search for it', () => {
    expect(timeZoneLabel('America/New_York')).toBe('America / New York');
  });
});
