/**
 * Catalog resolution, as the protocol's "Mixable catalogs and component resolution logic" orders
 * it: the catalogId the component or call names, else the surface default catalogId, else an
 * error. There is deliberately no fallback to the other available catalogs.
 */
import { a2uiError, type A2uiError } from '../protocol/errors';
import { DEFAULT_CATALOG_PROTOCOL_VERSION } from './assemble';
import type { Catalog } from './types';
import { A2UI_VERSION } from '../protocol/common';

/** The protocol version this package speaks; catalogs of another version are never resolved. */
/** @deprecated The protocol's version constant is `A2UI_VERSION`; this is the same value. */
export const SESSION_PROTOCOL_VERSION = A2UI_VERSION;

/** A catalog resolution: the catalog, or a plain error (code `CATALOG_NOT_FOUND` or `VALIDATION_FAILED`). */
export type CatalogResolution = { ok: true; catalog: Catalog } | { ok: false; error: A2uiError };

/** Optional names that make resolution errors say where they happened. */
export interface ResolutionSite {
  surfaceId?: string;
  /** The component id (component resolution) or function name (call resolution). */
  name?: string;
}

/**
 * Resolves the catalog of a component: its own `catalogId` if it names one (an empty string
 * names a catalog too), else the surface default, else an error.
 */
export function resolveComponentCatalog(
  catalogs: readonly Catalog[],
  surfaceCatalogId: string | null | undefined,
  componentCatalogId?: unknown,
  site: ResolutionSite = {},
): CatalogResolution {
  return resolveCatalog(catalogs, surfaceCatalogId, componentCatalogId, site, 'component');
}

/**
 * Resolves the catalog of a function call, like {@link resolveComponentCatalog}. A nested call
 * resolves on its own: it never inherits the catalog of the call or component around it.
 */
export function resolveFunctionCatalog(
  catalogs: readonly Catalog[],
  surfaceCatalogId: string | null | undefined,
  callCatalogId?: unknown,
  site: ResolutionSite = {},
): CatalogResolution {
  return resolveCatalog(catalogs, surfaceCatalogId, callCatalogId, site, 'call');
}

/**
 * Finds an available catalog by id and checks that its protocol version is the session's.
 * The first of several catalogs with the same id wins.
 */
export function findCatalog(catalogs: readonly Catalog[], catalogId: string, site: ResolutionSite = {}): CatalogResolution {
  const catalog = catalogs.find((candidate) => candidate.catalogId === catalogId);
  if (catalog === undefined) {
    const unsupported =
      site.surfaceId === undefined ? '' : ` Catalog '${catalogId}' is not supported by surface '${site.surfaceId}'.`;
    return fail('CATALOG_NOT_FOUND', `Catalog not found: ${catalogId}.${unsupported}`, site);
  }
  const version = catalogVersionLabel(catalog);
  if (!isSessionProtocolVersion(catalog.protocolVersion)) {
    return fail(
      'CATALOG_NOT_FOUND',
      `Protocol version mismatch: cannot mix catalog '${catalogId}' (${version}) with surface version ${A2UI_VERSION}.`,
      site,
    );
  }
  return { ok: true, catalog };
}

/** Whether a catalog protocolVersion ('1.0', 'v1.0', '1.0.2'; absent means 1.0) is the session's. */
export function isSessionProtocolVersion(version: string | undefined): boolean {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.\d+)?(?:[-+].*)?$/.exec(version ?? DEFAULT_CATALOG_PROTOCOL_VERSION);
  return match !== null && match[1] === '1' && (match[2] ?? '0') === '0';
}

function resolveCatalog(
  catalogs: readonly Catalog[],
  surfaceCatalogId: string | null | undefined,
  ownCatalogId: unknown,
  site: ResolutionSite,
  kind: 'component' | 'call',
): CatalogResolution {
  if (ownCatalogId !== undefined) {
    if (typeof ownCatalogId !== 'string') {
      return fail('VALIDATION_FAILED', `catalogId must be a string, got ${jsonType(ownCatalogId)}.`, site);
    }
    return findCatalog(catalogs, ownCatalogId, site);
  }
  if (typeof surfaceCatalogId === 'string') return findCatalog(catalogs, surfaceCatalogId, site);
  const what = kind === 'component' ? 'component' : 'function';
  const subject = site.name === undefined ? `a ${what}` : `${what} '${site.name}'`;
  const surface = site.surfaceId === undefined ? 'the surface' : `surface '${site.surfaceId}'`;
  return fail(
    'CATALOG_NOT_FOUND',
    `Cannot resolve the catalog of ${subject}: ${surface} has no default catalogId and the ${kind} names none.`,
    site,
  );
}

function catalogVersionLabel(catalog: Catalog): string {
  const version = catalog.protocolVersion ?? DEFAULT_CATALOG_PROTOCOL_VERSION;
  return version.startsWith('v') ? version : `v${version}`;
}

function fail(code: 'CATALOG_NOT_FOUND' | 'VALIDATION_FAILED', message: string, site: ResolutionSite): CatalogResolution {
  return { ok: false, error: a2uiError(code, message, site.surfaceId === undefined ? {} : { surfaceId: site.surfaceId }) };
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
