/**
 * The A2UI v1.0 basic catalog: the 18 components and 14 functions of
 * specification/v1_0/catalogs/basic/catalog.json, with the functions implemented here.
 * `@index` is a system function available on every surface (see ../system.ts), not a member.
 */
import { catalogFromCheckedJson } from '../fromJson';
import type { Catalog, FunctionImplementation } from '../types';
import { BASIC_CATALOG_JSON } from './catalogJson';
import * as fn from './functions';
import { DEFAULT_REGEX_LIMITS, type RegexLimits } from '../../regex';

/** The basic catalog's id. */
export const BASIC_CATALOG_ID = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

/** Options of {@link basicCatalog}. */
export interface BasicCatalogOptions {
  /** BCP 47 locale of formatNumber, formatCurrency, formatDate and pluralize. Default 'en-US'. */
  locale?: string;
  /** IANA time zone of formatDate (output, and values without an offset). Default 'UTC', so results are deterministic. */
  timeZone?: string;
  /** URL schemes openUrl may open, without the colon. Default ['http', 'https'], as the implementation guide mandates. */
  urlSchemes?: readonly string[];
  /** Base URL for relative openUrl URLs (a browser host passes location.href). Default none: relative URLs are refused. */
  baseUrl?: string;
  /** Bounds for agent-supplied regex patterns; see DEFAULT_REGEX_LIMITS. */
  regexLimits?: Partial<RegexLimits>;
}

// Schemes that run code or smuggle content; refused even when configured.
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'blob', 'file']);
const instances = new Map<string, Catalog>();

/**
 * The basic catalog. Instances are frozen and shared per distinct options, so the same options
 * give the same object. Throws a RangeError for an invalid locale, time zone, scheme or base URL
 * (configuration errors, not agent input).
 *
 * @example
 * const catalog = basicCatalog({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
 */
export function basicCatalog(options: BasicCatalogOptions = {}): Catalog {
  const settings = settingsOf(options);
  const key = JSON.stringify(settings);
  const cached = instances.get(key);
  if (cached !== undefined) return cached;
  // The embedded document is the spec's own catalog.json; a test holds it to validateCatalog.
  const loaded = catalogFromCheckedJson(BASIC_CATALOG_JSON, implementations(settings));
  if (!loaded.ok) throw new Error(`basicCatalog: ${loaded.error.message}`);
  instances.set(key, loaded.catalog);
  return loaded.catalog;
}

function implementations(settings: fn.BasicFunctionSettings): Record<string, FunctionImplementation> {
  return {
    required: fn.required,
    regex: fn.regexFunction(settings.regexLimits),
    length: fn.length,
    numeric: fn.numeric,
    email: fn.email,
    formatString: fn.formatString,
    formatNumber: fn.formatNumberFunction(settings),
    formatCurrency: fn.formatCurrencyFunction(settings),
    formatDate: fn.formatDateFunction(settings),
    pluralize: fn.pluralizeFunction(settings),
    openUrl: fn.openUrlFunction(settings),
    and: fn.and,
    or: fn.or,
    not: fn.not,
  };
}

function settingsOf(options: BasicCatalogOptions): fn.BasicFunctionSettings {
  const locale = options.locale ?? 'en-US';
  const canonical = Intl.getCanonicalLocales(locale)[0];
  if (canonical === undefined) throw new RangeError(`basicCatalog: invalid locale '${locale}'.`);
  const timeZone = options.timeZone ?? 'UTC';
  // Throws a RangeError naming the zone when it is unknown.
  new Intl.DateTimeFormat('en-US', { timeZone });
  const urlSchemes = (options.urlSchemes ?? ['http', 'https']).map((scheme) => scheme.replace(/:$/, '').toLowerCase());
  const forbidden = urlSchemes.find((scheme) => FORBIDDEN_SCHEMES.has(scheme));
  if (forbidden !== undefined) throw new RangeError(`basicCatalog: the URL scheme '${forbidden}:' cannot be allowed.`);
  if (options.baseUrl !== undefined && !URL.canParse(options.baseUrl)) {
    throw new RangeError(`basicCatalog: baseUrl '${options.baseUrl}' is not an absolute URL.`);
  }
  return {
    locale: canonical,
    timeZone,
    urlSchemes,
    baseUrl: options.baseUrl,
    regexLimits: { ...DEFAULT_REGEX_LIMITS, ...(options.regexLimits ?? {}) },
  };
}
