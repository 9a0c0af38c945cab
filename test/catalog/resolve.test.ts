import {
  defineCatalog,
  findCatalog,
  isSessionProtocolVersion,
  resolveComponentCatalog,
  resolveFunctionCatalog,
  type CatalogResolution,
} from '../../src/catalog';

const main = defineCatalog({ catalogId: 'main' });
const charts = defineCatalog({ catalogId: 'charts' });
const legacy = defineCatalog({ catalogId: 'legacy', protocolVersion: '0.9' });
const catalogs = [main, charts, legacy];

function selected(resolution: CatalogResolution): string {
  if (!resolution.ok) throw new Error(resolution.error.message);
  return resolution.catalog.catalogId;
}

function failure(resolution: CatalogResolution): { code: string; message: string } {
  if (resolution.ok) throw new Error(`resolved to ${resolution.catalog.catalogId}`);
  return resolution.error;
}

describe.each([
  ['component', resolveComponentCatalog],
  ['call', resolveFunctionCatalog],
] as const)('%s catalog resolution', (kind, resolve) => {
  test('an explicit catalogId wins over the surface default', () => {
    expect(selected(resolve(catalogs, 'main', 'charts'))).toBe('charts');
  });

  test('without one, the surface default applies', () => {
    expect(selected(resolve(catalogs, 'main'))).toBe('main');
    expect(selected(resolve(catalogs, 'charts', undefined))).toBe('charts');
  });

  test('without either, resolution fails: there is no fallback to the available catalogs', () => {
    const error = failure(resolve(catalogs, null, undefined, { surfaceId: 's', name: 'x' }));
    expect(error.code).toBe('CATALOG_NOT_FOUND');
    expect(error.message).toContain('has no default catalogId');
    expect(error.message).toContain("surface 's'");
    expect(error.message).toContain(kind === 'component' ? "component 'x'" : "function 'x'");
    expect(failure(resolve([main], undefined)).message).toContain('has no default catalogId');
  });

  test('a catalogId nobody has fails, naming the catalog, even when the default would do', () => {
    const error = failure(resolve(catalogs, 'main', 'missing', { surfaceId: 's' }));
    expect(error.code).toBe('CATALOG_NOT_FOUND');
    expect(error.message).toContain('Catalog not found: missing');
    expect(error.message).toContain("Catalog 'missing' is not supported by surface 's'.");
  });

  test('an empty catalogId names a catalog, so it does not fall back to the default', () => {
    expect(failure(resolve(catalogs, 'main', '')).message).toContain('Catalog not found');
  });

  test('an unknown surface default fails', () => {
    expect(failure(resolve(catalogs, 'gone')).message).toContain('Catalog not found: gone');
  });

  test('a non-string catalogId is invalid, not ignored', () => {
    const error = failure(resolve(catalogs, 'main', 123));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain('catalogId');
  });

  test('a catalog of another protocol version is never resolved', () => {
    const error = failure(resolve(catalogs, 'main', 'legacy'));
    expect(error.message).toBe("Protocol version mismatch: cannot mix catalog 'legacy' (v0.9) with surface version v1.0.");
    expect(failure(resolve(catalogs, 'legacy')).code).toBe('CATALOG_NOT_FOUND');
  });
});

describe('findCatalog', () => {
  test('the first of two catalogs with one id wins', () => {
    const first = defineCatalog({ catalogId: 'same', instructions: 'first' });
    const second = defineCatalog({ catalogId: 'same', instructions: 'second' });
    const found = findCatalog([first, second], 'same');
    expect(found.ok && found.catalog).toBe(first);
  });
});

describe('isSessionProtocolVersion', () => {
  test.each([
    ['1.0', true],
    ['v1.0', true],
    ['1.0.3', true],
    ['1', true],
    [undefined, true],
    ['0.9', false],
    ['v0.9', false],
    ['1.1', false],
    ['2.0', false],
    ['latest', false],
  ])('%s → %s', (version, expected) => {
    expect(isSessionProtocolVersion(version)).toBe(expected);
  });
});
