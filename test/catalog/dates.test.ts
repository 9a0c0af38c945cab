import { formatDatePattern, parseDateValue } from '../../src/catalog';

const iso = (value: unknown, timeZone = 'UTC'): string | null => parseDateValue(value, timeZone)?.toISOString() ?? null;

describe('parseDateValue', () => {
  test.each([
    ['2026-01-16', '2026-01-16T00:00:00.000Z'],
    ['2026-01-16T14:30', '2026-01-16T14:30:00.000Z'],
    ['2026-01-16t14:30:05Z', '2026-01-16T14:30:05.000Z'],
    ['2026-01-16T14:30:05.1Z', '2026-01-16T14:30:05.100Z'],
    ['2026-01-16T14:30:05,123456789Z', '2026-01-16T14:30:05.123Z'],
    ['2026-01-16T14:30:05+0530', '2026-01-16T09:00:05.000Z'],
    ['2026-01-16T14:30:05-02', '2026-01-16T16:30:05.000Z'],
    [' 2026-01-16 ', '2026-01-16T00:00:00.000Z'],
    ['0099-03-01', '0099-03-01T00:00:00.000Z'],
    ['+010000-01-01', '+010000-01-01T00:00:00.000Z'],
    ['23:59:59.999', '1970-01-01T23:59:59.999Z'],
  ])('%j → %s', (value, expected) => {
    expect(iso(value)).toBe(expected);
  });

  test.each(['2026-1-16', '2026-01-16T14', '2026-01-16T14:30:05.123+25:00', '2026-04-31', '1900-02-29', '24:01', 'now', '', true, [], {}])(
    '%j is not a date',
    (value) => {
      expect(iso(value)).toBeNull();
    },
  );

  test('reads values without an offset as wall-clock time in the time zone, across DST', () => {
    expect(iso('2026-01-16T12:00', 'Europe/Berlin')).toBe('2026-01-16T11:00:00.000Z');
    expect(iso('2026-07-16T12:00', 'Europe/Berlin')).toBe('2026-07-16T10:00:00.000Z');
    expect(iso('2026-03-29T01:30', 'Europe/Berlin')).toBe('2026-03-29T00:30:00.000Z'); // just before the change
    expect(iso('2026-03-29T03:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z'); // just after it
    // 02:30 does not exist that night in Berlin; it still yields an instant, not an error.
    expect(iso('2026-03-29T02:30', 'Europe/Berlin')).not.toBeNull();
  });
});

describe('formatDatePattern', () => {
  const date = new Date('2026-01-16T14:30:05.123Z');
  const utc = { locale: 'en-US', timeZone: 'UTC' };

  test('copies non-letters and quoted text verbatim', () => {
    expect(formatDatePattern(date, "yyyy.MM.dd 'um' HH-mm [ss]", utc)).toBe('2026.01.16 um 14-30 [05]');
    expect(formatDatePattern(date, "'It''s' h a", utc)).toBe("It's 2 PM");
    expect(formatDatePattern(date, '', utc)).toBe('');
  });

  test('formats years before the common era by era', () => {
    const bc = new Date(0);
    bc.setUTCFullYear(-43, 2, 15); // 44 BC
    expect(formatDatePattern(bc, 'y G', utc)).toBe('44 BC');
    expect(formatDatePattern(bc, 'u', utc)).toBe('-43');
  });

  test('writes offsets in ISO and localized forms', () => {
    const ny = { locale: 'en-US', timeZone: 'America/New_York' };
    expect(formatDatePattern(date, 'X XX XXX XXXX Z ZZZZZ', ny)).toBe('-05 -0500 -05:00 -0500 -0500 -05:00');
    expect(formatDatePattern(date, 'O', ny)).toBe('GMT-5');
  });
});
