/**
 * The A2UI v1.0 basic catalog: the 18 components and 14 functions of
 * specification/v1_0/catalogs/basic/catalog.json, with the functions implemented here.
 * `@index` is a system function available on every surface (see ../system.ts), not a member.
 *
 * It loads the document's rules (catalogRules.ts) unless the host passes the document with its
 * prose (`catalogJson`): nothing here imports the prose, so a bundle carries it only when the app
 * imports it (`BASIC_CATALOG_JSON`, `a2ui-redux/catalogs/basic.json`).
 */
import { jsonEqual } from '../../data/values';
import { catalogFromCheckedJson } from '../fromJson';
import { catalogWithoutProse } from '../prose';
import type { Catalog, FunctionImplementation } from '../types';
import { BASIC_CATALOG_RULES } from './catalogRules';
import * as fn from './functions';
import { DEFAULT_REGEX_LIMITS, type RegexLimits } from '../../regex';
import { isRecord } from '../../util/records';
import { toJsonValue } from '../../protocol/json';

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
  /**
   * The catalog.json to load and advertise, prose included: `BASIC_CATALOG_JSON` (root entry),
   * the parsed `a2ui-redux/catalogs/basic.json`, or a copy whose prose you rewrote. Default
   * none: the catalog carries the spec's rules without its prose (`title`, `description`,
   * `instructions`, each schema's `description`, …), which only an agent's LLM reads, so
   * `toJSON()` and inline `rendererCapabilities` carry none either. Either way validation and
   * resolution are the same. Throws a TypeError when the document's rules are not the basic
   * catalog's (anything besides prose differs from the spec's file).
   */
  catalogJson?: { readonly [key: string]: unknown };
}

// Schemes that run code or smuggle content; refused even when configured.
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'blob', 'file']);
const instances = new Map<string, Catalog>();
// Catalogs of a host's document, per document and options.
const documented = new WeakMap<object, { document: Record<string, unknown>; catalogs: Map<string, Catalog> }>();

/**
 * The basic catalog. Instances are frozen and shared per distinct options (and `catalogJson`
 * document), so the same options give the same object. Throws a RangeError for an invalid
 * locale, time zone, scheme or base URL, and a TypeError for a `catalogJson` that is not the
 * basic catalog (configuration errors, not agent input).
 *
 * Its `toJSON()` is the spec's catalog.json without the prose unless `catalogJson` gives the
 * document to advertise; validation and resolution are the same with either.
 *
 * @example
 * const catalog = basicCatalog({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
 * // Advertised inline to an agent whose LLM reads the catalog's descriptions and instructions:
 * import { BASIC_CATALOG_JSON } from 'a2ui-redux';
 * const documented = basicCatalog({ catalogJson: BASIC_CATALOG_JSON });
 */
export function basicCatalog(options: BasicCatalogOptions = {}): Catalog {
  const settings = settingsOf(options);
  const key = JSON.stringify(settings);
  const given = options.catalogJson;
  const document = given === undefined ? undefined : checkedDocument(given);
  let cache = instances;
  if (document !== undefined) {
    // Keyed by the host's object, kept while it still holds the document first checked.
    const known = documented.get(given as object);
    cache = known !== undefined && jsonEqual(known.document, document) ? known.catalogs : new Map<string, Catalog>();
    if (cache !== known?.catalogs) documented.set(given as object, { document, catalogs: cache });
  }
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  // The embedded rules are the spec's catalog.json without its prose; a test holds the file to
  // validateCatalog and both forms to the same checks. A host's document has the same rules.
  const loaded = catalogFromCheckedJson(document ?? (BASIC_CATALOG_RULES as Record<string, unknown>), implementations(settings));
  if (!loaded.ok) throw new Error(`basicCatalog: ${loaded.error.message}`);
  cache.set(key, loaded.catalog);
  return loaded.catalog;
}

const NOT_THE_BASIC_CATALOG =
  'basicCatalog: catalogJson must be the basic catalog\'s catalog.json (BASIC_CATALOG_JSON); only its prose (title, description, instructions, examples) may differ.';

/**
 * A plain JSON copy of a `catalogJson` option whose rules are the basic catalog's, or a TypeError
 * naming the option. The copy is what is checked and loaded: the host's object is read once, so
 * a getter or a Proxy cannot show the check one document and the loader another, and changing it
 * after the call changes nothing.
 */
function checkedDocument(given: unknown): Record<string, unknown> {
  const copy = isRecord(given) ? toJsonValue(given) : null;
  if (copy !== null && !copy.ok) throw new TypeError(`${NOT_THE_BASIC_CATALOG} It could not be read as JSON: ${copy.reason}.`);
  const document = copy?.value;
  if (!isRecord(document) || !jsonEqual(catalogWithoutProse(document), BASIC_CATALOG_RULES)) throw new TypeError(NOT_THE_BASIC_CATALOG);
  return document;
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
