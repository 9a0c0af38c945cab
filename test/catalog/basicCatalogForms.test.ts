/**
 * The basic catalog's two forms: `basicCatalog()` loads the spec's catalog.json without its prose
 * (BASIC_CATALOG_RULES), `basicCatalog({ catalogJson: BASIC_CATALOG_JSON })` the document itself.
 * The rules are the file minus its prose and nothing else; both forms judge every component and
 * call alike (violations included) and play every spec example the same; the document shipped
 * as `a2ui-redux/catalogs/basic.json` is the vendored file byte for byte.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { BASIC_CATALOG_JSON, BASIC_CATALOG_RULES, basicCatalog } from '../../src/catalog';
import { createComponentValidator } from '../../src/protocol/componentValidation';
import { createSession, handleMessage, resolvedTree, surfaces, type Session } from '../../src/session/session';
import { FIXTURES, readFixtureJson } from '../conformance/suite';
import { mutations } from '../protocol/corpus';
import type { Json, JsonObject } from '../protocol/spec';

const ROOT = resolve(__dirname, '../..');
const SPEC_FILE = join(FIXTURES, 'spec/v1_0/catalogs/basic/catalog.json');
const EXAMPLES = 'spec/v1_0/catalogs/basic/examples';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where `rules` departs from `full`, as pointers: a key of `full` missing from `rules` unless it
 * is prose (a string `title`, `description`, `$comment` or `instructions`, or an `examples`
 * array), a key `rules` adds, or a value that differs.
 */
function departures(full: unknown, rules: unknown, path = ''): string[] {
  if (Array.isArray(full) && Array.isArray(rules)) {
    if (full.length !== rules.length) return [`${path}: length`];
    return full.flatMap((item, i) => departures(item, rules[i], `${path}/${i}`));
  }
  if (isObject(full) && isObject(rules)) {
    const found: string[] = [];
    for (const [key, value] of Object.entries(full)) {
      const prose = (['title', 'description', '$comment', 'instructions'].includes(key) && typeof value === 'string') || (key === 'examples' && Array.isArray(value));
      if (key in rules) found.push(...departures(value, rules[key], `${path}/${key}`));
      else if (!prose) found.push(`${path}/${key}: missing`);
    }
    for (const key of Object.keys(rules)) if (!(key in full)) found.push(`${path}/${key}: extra`);
    return found;
  }
  return Object.is(full, rules) ? [] : [`${path}: value`];
}

describe('the forms of the document', () => {
  test('the rules are the spec file without its prose, and nothing else is left out', () => {
    const spec = readFixtureJson('spec/v1_0/catalogs/basic/catalog.json');
    expect(departures(spec, BASIC_CATALOG_RULES)).toEqual([]);
    const text = JSON.stringify(BASIC_CATALOG_RULES);
    expect(text).not.toMatch(/"(title|description|\$comment|instructions)":"/);
    // The "description" and "title" keys left are properties of that name (Image, AudioPlayer, Tabs), schemas not prose.
    const components = (BASIC_CATALOG_RULES as { components: Record<string, { properties: Record<string, unknown> }> }).components;
    expect(components.Image?.properties['description']).toEqual({ $ref: 'common_types.json#/$defs/DynamicString' });
    // What the prose weighed: most of the document.
    expect(text.length).toBeLessThan(JSON.stringify(spec).length / 2);
  });

  test('the document shipped as a2ui-redux/catalogs/basic.json is the vendored file byte for byte', () => {
    const shipped = readFileSync(join(ROOT, 'src/catalog/basic/catalog.json'));
    expect(shipped.equals(readFileSync(SPEC_FILE))).toBe(true);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(pkg.exports['./catalogs/basic.json']).toBe('./dist/catalogs/basic.json');
    // The build copies it there.
    const tsup = readFileSync(join(ROOT, 'tsup.config.ts'), 'utf8');
    expect(tsup).toContain("copyFile('src/catalog/basic/catalog.json', 'dist/catalogs/basic.json')");
    expect(JSON.parse(shipped.toString('utf8'))).toEqual(BASIC_CATALOG_JSON);
  });
});

describe('basicCatalog({ catalogJson })', () => {
  test('advertises the document it is given, prose rewritten included, with the same schemas underneath', () => {
    const rewritten = { ...BASIC_CATALOG_JSON, instructions: 'Use Rows and Columns.', description: 'Our words.' };
    const catalog = basicCatalog({ catalogJson: rewritten });
    expect(catalog.instructions).toBe('Use Rows and Columns.');
    expect(catalog.toJSON()).toMatchObject({ instructions: 'Use Rows and Columns.', description: 'Our words.', title: 'A2UI Basic Catalog' });
    expect(basicCatalog({ catalogJson: rewritten })).toBe(catalog);
    expect(basicCatalog({ catalogJson: BASIC_CATALOG_JSON })).not.toBe(catalog);
    expect(basicCatalog({ catalogJson: BASIC_CATALOG_JSON, locale: 'de-DE' }).functions.formatNumber).toBeDefined();
  });

  test('refuses a document whose rules are not the basic catalog\'s, naming the option', () => {
    const components = BASIC_CATALOG_JSON.components as Record<string, Record<string, unknown>>;
    const withoutText = { ...components };
    delete withoutText.Text;
    const changed = [
      { ...BASIC_CATALOG_JSON, components: withoutText },
      { ...BASIC_CATALOG_JSON, catalogId: 'https://example.com/other.json' },
      { ...BASIC_CATALOG_JSON, components: { ...components, Text: { ...components.Text, required: ['component'] } } },
      {},
      'catalog.json',
    ];
    for (const document of changed) {
      expect(() => basicCatalog({ catalogJson: document as Record<string, unknown> })).toThrow(TypeError);
      expect(() => basicCatalog({ catalogJson: document as Record<string, unknown> })).toThrow(/catalogJson/);
    }
  });
});

// ---- both forms judge alike

type Item = { kind: 'component' | 'functionCall'; value: Json };

/** Components (a string `component`) and calls (a string `call`) anywhere in a value. */
function partsOf(value: Json, out: Item[] = []): Item[] {
  if (Array.isArray(value)) for (const item of value) partsOf(item, out);
  else if (isObject(value)) {
    if (typeof value.component === 'string') out.push({ kind: 'component', value });
    if (typeof value.call === 'string') out.push({ kind: 'functionCall', value });
    for (const child of Object.values(value)) partsOf(child as Json, out);
  }
  return out;
}

function filesUnder(dir: string, suffixes: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffixes);
    return suffixes.some((suffix) => entry.name.endsWith(suffix)) ? [path] : [];
  });
}

function documentsOf(path: string): Json[] {
  const text = readFileSync(path, 'utf8');
  if (path.endsWith('.yaml')) return [parse(text) as Json];
  if (path.endsWith('.jsonl')) return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Json);
  return [JSON.parse(text) as Json];
}

const exampleFiles = readdirSync(join(FIXTURES, EXAMPLES)).filter((name) => name.endsWith('.json')).sort();
const exampleMessages = (file: string): JsonObject[] => (readFixtureJson(`${EXAMPLES}/${file}`) as { messages: JsonObject[] }).messages;

/** Every component and call of the spec examples (and their mutations), the spec's test cases and the conformance data. */
function corpus(): Item[] {
  const items: Item[] = [];
  for (const file of exampleFiles) {
    for (const message of exampleMessages(file)) for (const mutation of mutations(message)) partsOf(mutation.value, items);
  }
  const files = [
    ...filesUnder(join(FIXTURES, 'spec/v1_0/test/cases'), ['.json', '.jsonl']),
    ...filesUnder(join(FIXTURES, 'conformance'), ['.yaml', '.json']).filter((path) => !path.includes('/catalogs/')),
  ];
  for (const path of files) for (const document of documentsOf(path)) partsOf(document, items);
  const distinct = new Map<string, Item>();
  for (const item of items) distinct.set(`${item.kind} ${JSON.stringify(item.value)}`, item);
  return [...distinct.values()];
}

describe('both forms judge alike', () => {
  const compact = basicCatalog();
  const documented = basicCatalog({ catalogJson: BASIC_CATALOG_JSON });
  const items = corpus();

  test.each(['agent', 'reject'] as const)(
    'every component and call of the examples, the spec cases and the conformance data (unknownFunctions: %s)',
    (unknownFunctions) => {
      const fromRules = createComponentValidator(compact.toJSON(), { unknownFunctions });
      const fromDocument = createComponentValidator(documented.toJSON(), { unknownFunctions });
      const differ: string[] = [];
      let valid = 0;
      for (const { kind, value } of items) {
        const check = kind === 'component' ? 'validateComponent' : 'validateFunctionCall';
        const a = fromRules[check](value);
        const b = fromDocument[check](value);
        if (a.ok) valid += 1;
        if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`${kind} ${JSON.stringify(value).slice(0, 200)}`);
      }
      expect(differ).toEqual([]);
      // The corpus has both answers in number, so agreement means something.
      expect(items.length).toBeGreaterThan(2000);
      expect(Math.min(valid, items.length - valid)).toBeGreaterThan(300);
    },
  );

  /** What a session made of a stream: each payload's outcome, then every surface's tree. */
  function play(catalogJson: typeof BASIC_CATALOG_JSON | undefined, messages: JsonObject[]): unknown[] {
    const catalog = catalogJson === undefined ? basicCatalog() : basicCatalog({ catalogJson });
    let session: Session = createSession([catalog]);
    const outcomes: unknown[] = [];
    for (const message of messages) {
      // Each mutation of the message against the session so far, then the message itself.
      for (const mutation of mutations(message).slice(0, 40)) {
        const result = handleMessage(session, mutation.value);
        outcomes.push(result.ok ? { ok: true, effects: result.effects } : { ok: false, error: result.error });
      }
      const result = handleMessage(session, message);
      outcomes.push(result.ok ? { ok: true, effects: result.effects } : { ok: false, error: result.error });
      if (result.ok) session = result.session;
    }
    for (const { surfaceId } of surfaces(session)) outcomes.push(resolvedTree(session, surfaceId));
    return outcomes;
  }

  test.each(exampleFiles)('%s plays the same with both, its mutated messages included', (file) => {
    const messages = exampleMessages(file);
    const withRules = play(undefined, messages);
    expect(JSON.stringify(withRules)).toBe(JSON.stringify(play(BASIC_CATALOG_JSON, messages)));
    // The stream really ran: the examples draw trees.
    expect(withRules.some((outcome) => isObject(outcome) && 'root' in outcome)).toBe(true);
  });
});
