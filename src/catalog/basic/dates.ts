/**
 * Dates for `formatDate`: strict parsing of ISO 8601 values and a Unicode TR35 pattern formatter
 * built on Intl.DateTimeFormat, so that names, day periods and digits follow the locale without a
 * date library.
 */
import { dateTimeFormat, numberFormat } from './intl';

// ---------------------------------------------------------------------------------------------
// Parsing.

const ISO_DATE_TIME =
  /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const ISO_TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const MAX_EPOCH_MS = 8.64e15;

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/**
 * Reads a `formatDate` value: an ISO 8601 date, date-time or time string, or epoch milliseconds.
 * A date or time that does not exist (February 30, month 13, 25:00) is null rather than rolled
 * over. Values without an offset are wall-clock times in `timeZone`.
 */
export function parseDateValue(value: unknown, timeZone: string): Date | null {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MAX_EPOCH_MS ? new Date(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const dateTime = ISO_DATE_TIME.exec(text);
  if (dateTime !== null) {
    const [, year, month, day, hour, minute, second, fraction, offset] = dateTime;
    return fromWallTime(
      {
        year: Number(year),
        month: Number(month),
        day: Number(day),
        hour: Number(hour ?? 0),
        minute: Number(minute ?? 0),
        second: Number(second ?? 0),
        millisecond: fractionToMs(fraction),
      },
      offset,
      timeZone,
    );
  }
  const time = ISO_TIME.exec(text);
  if (time !== null) {
    const [, hour, minute, second, fraction, offset] = time;
    const wall = { year: 1970, month: 1, day: 1, hour: Number(hour), minute: Number(minute), second: Number(second ?? 0) };
    return fromWallTime({ ...wall, millisecond: fractionToMs(fraction) }, offset, timeZone);
  }
  return null;
}

function fractionToMs(fraction: string | undefined): number {
  return fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
}

function fromWallTime(wall: WallTime, offset: string | undefined, timeZone: string): Date | null {
  if (!isExistingWallTime(wall)) return null;
  const asUtc = wallTimeAsUtc(wall);
  let epoch: number;
  if (offset === undefined) epoch = zonedToEpoch(asUtc, timeZone);
  else if (offset === 'Z' || offset === 'z') epoch = asUtc;
  else {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || '0');
    if (hours > 23 || minutes > 59) return null;
    epoch = asUtc - sign * (hours * 60 + minutes) * 60_000;
  }
  return Math.abs(epoch) <= MAX_EPOCH_MS ? new Date(epoch) : null;
}

function isExistingWallTime(wall: WallTime): boolean {
  const { year, month, day, hour, minute, second } = wall;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  // ISO allows 24:00:00 for the end of a day; a second of 60 (leap second) is not representable.
  if (hour === 24) return minute === 0 && second === 0 && wall.millisecond === 0;
  return hour <= 23 && minute <= 59 && second <= 59;
}

function daysInMonth(year: number, month: number): number {
  const february = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [31, february, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function wallTimeAsUtc(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return date.getTime();
}

/** The instant at which the clocks of `timeZone` show the wall time `asUtc` encodes. */
function zonedToEpoch(asUtc: number, timeZone: string): number {
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  // Around a DST change the offset at the guess can differ from the offset at the answer.
  const second = asUtc - zoneOffsetMs(first, timeZone);
  return second;
}

/** Offset of `timeZone` from UTC at an instant, in milliseconds (east positive). */
export function zoneOffsetMs(epoch: number, timeZone: string): number {
  const fields = zonedFields(new Date(epoch), timeZone);
  const shown = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0..99 to 1900..1999.
  shown.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  shown.setUTCHours(fields.hour, fields.minute, fields.second, 0);
  return shown.getTime() - Math.floor(epoch / 1000) * 1000;
}

// ---------------------------------------------------------------------------------------------
// Formatting.

interface ZonedFields {
  era: number; // 1 AD, 0 BC
  year: number; // proleptic Gregorian, may be <= 0
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 Sunday .. 6 Saturday
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function zonedFields(date: Date, timeZone: string): ZonedFields {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((part) => part.type === type)?.value ?? '';
  const era = get('era').startsWith('B') ? 0 : 1;
  const yearOfEra = Number(get('year'));
  return {
    era,
    year: era === 1 ? yearOfEra : 1 - yearOfEra,
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
  };
}

/** One piece of a pattern: literal text or a field (a letter repeated `width` times). */
type PatternToken = { text: string } | { field: string; width: number };

/** Splits a TR35 pattern into fields and literal text ('quoted', '' for an apostrophe). */
export function tokenizeDatePattern(pattern: string): PatternToken[] {
  const tokens: PatternToken[] = [];
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i] as string;
    if (ch === "'") {
      if (pattern[i + 1] === "'") {
        tokens.push({ text: "'" });
        i += 2;
        continue;
      }
      let text = '';
      i += 1;
      while (i < pattern.length) {
        if (pattern[i] === "'") {
          if (pattern[i + 1] === "'") {
            text += "'";
            i += 2;
            continue;
          }
          break;
        }
        text += pattern[i];
        i += 1;
      }
      if (i >= pattern.length) throw new Error(`Unterminated quoted text in date pattern '${pattern}'.`);
      i += 1;
      tokens.push({ text });
    } else if (/[A-Za-z]/.test(ch)) {
      let width = 1;
      while (pattern[i + width] === ch) width += 1;
      tokens.push({ field: ch, width });
      i += width;
    } else {
      tokens.push({ text: ch });
      i += 1;
    }
  }
  return tokens;
}

interface FormatSetting {
  locale: string;
  timeZone: string;
}

/**
 * Formats a date with a TR35 pattern in a locale and time zone. Supported fields: G y u Q q M L d D
 * E e c a h H K k m s S z Z O X x. An unsupported letter throws, naming it, rather than printing
 * something that looks right but is not (Y, w and friends need week rules).
 */
export function formatDatePattern(date: Date, pattern: string, setting: FormatSetting): string {
  const fields = zonedFields(date, setting.timeZone);
  return tokenizeDatePattern(pattern)
    .map((token) => ('text' in token ? token.text : formatField(token.field, token.width, date, fields, setting)))
    .join('');
}

function formatField(field: string, width: number, date: Date, f: ZonedFields, s: FormatSetting): string {
  switch (field) {
    case 'G':
      return namePart(date, s, 'era', { era: width <= 3 ? 'short' : textWidth(width - 2) });
    case 'y':
    case 'u': {
      const year = field === 'y' && f.era === 0 ? 1 - f.year : f.year;
      return width === 2 ? digits(((year % 100) + 100) % 100, 2, s) : digits(year, width, s);
    }
    case 'Q':
    case 'q':
      if (width > 2) throw unsupported(field, width);
      return digits(Math.floor((f.month - 1) / 3) + 1, width, s);
    case 'M':
    case 'L':
      if (width <= 2) return digits(f.month, width, s);
      return monthName(date, s, textWidth(width - 2), field === 'L');
    case 'd':
      return digits(f.day, width, s);
    case 'D':
      return digits(dayOfYear(f), width, s);
    case 'E':
      return namePart(date, s, 'weekday', { weekday: width <= 3 ? 'short' : textWidth(width - 2) });
    case 'e':
    case 'c':
      if (width <= 2) return digits(f.weekday + 1, width, s); // numeric, counting from Sunday
      return namePart(date, s, 'weekday', { weekday: textWidth(width - 2) });
    case 'a':
      return namePart(date, s, 'dayPeriod', { hour: 'numeric', hourCycle: 'h12' });
    case 'h':
      return digits(f.hour % 12 === 0 ? 12 : f.hour % 12, width, s);
    case 'H':
      return digits(f.hour, width, s);
    case 'K':
      return digits(f.hour % 12, width, s);
    case 'k':
      return digits(f.hour === 0 ? 24 : f.hour, width, s);
    case 'm':
      return digits(f.minute, width, s);
    case 's':
      return digits(f.second, width, s);
    case 'S': {
      const ms = ((date.getTime() % 1000) + 1000) % 1000;
      return digits(width < 3 ? Math.floor(ms / 10 ** (3 - width)) : ms * 10 ** (width - 3), width, s);
    }
    case 'z':
      return namePart(date, s, 'timeZoneName', { timeZoneName: width >= 4 ? 'long' : 'short' });
    case 'O':
      return namePart(date, s, 'timeZoneName', { timeZoneName: width >= 4 ? 'longOffset' : 'shortOffset' });
    case 'Z':
      if (width === 4) return namePart(date, s, 'timeZoneName', { timeZoneName: 'longOffset' });
      return isoOffset(date, s, width === 5 ? 'XXXXX' : 'xxxx');
    case 'X':
    case 'x':
      return isoOffset(date, s, field.repeat(Math.min(width, 5)));
    default:
      throw unsupported(field, width);
  }
}

function unsupported(field: string, width: number): Error {
  return new Error(`Unsupported date pattern field '${field.repeat(width)}'.`);
}

/** TR35 text widths counted from the abbreviated form: 1 abbreviated, 2 wide, 3 narrow, 4 short. */
function textWidth(width: number): 'short' | 'long' | 'narrow' {
  if (width === 2) return 'long';
  return width === 3 ? 'narrow' : 'short';
}

function namePart(
  date: Date,
  s: FormatSetting,
  type: Intl.DateTimeFormatPartTypes,
  options: Intl.DateTimeFormatOptions,
): string {
  const parts = dateTimeFormat(s.locale, { timeZone: s.timeZone, ...options }).formatToParts(date);
  return parts.find((part) => part.type === type)?.value ?? '';
}

/** Format-context month names come from a date with a day (Russian "января"), stand-alone ones without. */
function monthName(date: Date, s: FormatSetting, width: 'short' | 'long' | 'narrow', standAlone: boolean): string {
  const options: Intl.DateTimeFormatOptions = standAlone ? { month: width } : { month: width, day: 'numeric' };
  return namePart(date, s, 'month', options);
}

/** An integer in the locale's digits, zero-padded to `width`. */
function digits(value: number, width: number, s: FormatSetting): string {
  const text = numberFormat(s.locale, { useGrouping: false, minimumIntegerDigits: Math.min(width, 21) }).format(Math.abs(value));
  return value < 0 ? `-${text}` : text;
}

function dayOfYear(f: ZonedFields): number {
  const start = new Date(0);
  start.setUTCFullYear(f.year, 0, 1);
  const current = new Date(0);
  current.setUTCFullYear(f.year, f.month - 1, f.day);
  return Math.round((current.getTime() - start.getTime()) / 86_400_000) + 1;
}

function isoOffset(date: Date, s: FormatSetting, form: string): string {
  const minutes = Math.round(zoneOffsetMs(date.getTime(), s.timeZone) / 60_000);
  if (minutes === 0 && form.startsWith('X')) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
  const width = form.length;
  if (width === 1) return mm === '00' ? `${sign}${hh}` : `${sign}${hh}${mm}`;
  if (width === 2 || width === 4) return `${sign}${hh}${mm}`;
  return `${sign}${hh}:${mm}`;
}
