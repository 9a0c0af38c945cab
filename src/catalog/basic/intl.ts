/**
 * Intl objects are slow to build and the basic catalog's functions ask for the same few again and
 * again, but the locales and options come from agent input: one cache for all of them, bounded,
 * least recently used out first.
 */

const MAX_ENTRIES = 256;
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.PluralRules>(key: string, build: () => T): T {
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit as T;
  }
  const made = build();
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, made);
  return made;
}

/** A shared `Intl.DateTimeFormat` for `locale` and `options`. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** A shared `Intl.NumberFormat` for `locale` and `options`. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** A shared `Intl.PluralRules` for `locale`. */
export function pluralRules(locale: string): Intl.PluralRules {
  return cached(`plural|${locale}`, () => new Intl.PluralRules(locale));
}
