/**
 * The CLI on custom catalogs: `validate --catalog` / `--complete` / `--json`, `replay --catalog`,
 * and `catalog check|lint|bundle`, through `main` (exit codes, and `--json` parsed with the
 * schemas that define its shape).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { main } from '../../src/cli/main';
import { CatalogCheckJsonSchema, CatalogLintJsonSchema, CliErrorJsonSchema, ValidateJsonSchema } from '../../src/cli/report';
import { validateCatalog } from '../../src/catalog/validate';
import { readFixtureJson } from '../conformance/suite';

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), colour: false });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const dir = mkdtempSync(join(tmpdir(), 'a2ui-catalog-cli-'));
const write = (name: string, value: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};
const jsonl = (messages: unknown[]): string => messages.map((m) => JSON.stringify(m)).join('\n');

const GAUGE_ID = 'https://example.com/gauges/v1';
const gauges = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: GAUGE_ID,
  catalogId: GAUGE_ID,
  protocolVersion: '1.0',
  title: 'Gauges',
  description: 'Dials for dashboards.',
  components: {
    Gauge: {
      type: 'object',
      description: 'A dial.',
      properties: {
        component: { const: 'Gauge' },
        value: { $ref: 'https://a2ui.org/specification/v1_0/common_types.json#/$defs/DynamicNumber' },
        label: { $ref: 'https://a2ui.org/specification/v1_0/common_types.json#/$defs/DynamicString' },
      },
      required: ['component', 'value'],
    },
    Panel: {
      type: 'object',
      description: 'A group of dials.',
      properties: {
        component: { const: 'Panel' },
        children: { $ref: 'https://a2ui.org/specification/v1_0/common_types.json#/$defs/ChildList' },
      },
      required: ['component', 'children'],
    },
  },
  functions: {
    percent: {
      type: 'object',
      description: 'A ratio as a percentage.',
      returnType: 'string',
      properties: { call: { const: 'percent' }, args: { type: 'object', properties: { value: { type: 'number' } }, required: ['value'] } },
      required: ['call', 'args'],
    },
  },
  $defs: {
    anyComponent: { oneOf: [{ $ref: '#/components/Gauge' }, { $ref: '#/components/Panel' }], discriminator: { propertyName: 'component' } },
    anyFunction: { oneOf: [{ $ref: '#/functions/percent' }] },
  },
};
const catalogFile = write('gauges.json', gauges);
const forbiddenFile = write('forbidden.json', { ...gauges, theme: {}, functions: { percent: { returnType: 'string', parameters: {} } } });
const unlabelled = write('unlabelled.json', {
  ...gauges,
  components: {
    ...gauges.components,
    Knob: {
      type: 'object',
      description: 'A turnable knob.',
      properties: { component: { const: 'Knob' }, action: { $ref: 'https://a2ui.org/specification/v1_0/common_types.json#/$defs/Action' } },
      required: ['component', 'action'],
    },
  },
});

const create = { version: 'v1.0', createSurface: { surfaceId: 'dash', catalogId: GAUGE_ID } };
const update = (components: unknown[]) => ({ version: 'v1.0', updateComponents: { surfaceId: 'dash', components } });
const soundStream = write('sound.jsonl', jsonl([create, update([{ id: 'root', component: 'Panel', children: ['g'] }, { id: 'g', component: 'Gauge', value: 40 }])]));
const incompleteStream = write(
  'incomplete.jsonl',
  jsonl([create, update([{ id: 'root', component: 'Panel', children: ['g', 'missing'] }, { id: 'g', component: 'Gauge', value: 1 }, { id: 'stray', component: 'Gauge', value: 2 }]), { version: 'v1.0', createSurface: { surfaceId: 'empty', catalogId: GAUGE_ID } }]),
);

describe('validate --catalog', () => {
  test('a stream for a custom catalog passes against it, and fails without it', async () => {
    const withCatalog = await run(['validate', '--catalog', catalogFile, soundStream]);
    expect(withCatalog.code).toBe(0);
    expect(withCatalog.out).toMatch(/2 ok, 0 with warnings, 0 failed/);
    const without = await run(['validate', soundStream]);
    expect(without.code).toBe(1);
    expect(without.out).toMatch(/CATALOG_NOT_FOUND/);
  });

  test('--json has the documented shape; the first --catalog comes first, the basic catalog after', async () => {
    const { code, out } = await run(['validate', '--json', `--catalog=${catalogFile}`, soundStream]);
    expect(code).toBe(0);
    const report = ValidateJsonSchema.parse(JSON.parse(out));
    expect(report.catalogs[0]).toBe(GAUGE_ID);
    expect(report.catalogs).toHaveLength(2);
    expect(report.summary).toEqual({ ok: 2, warned: 0, failed: 0, incomplete: 0 });
    expect(report.complete).toBeUndefined();
  });

  test('a component the catalog refuses fails its message', async () => {
    const bad = write('bad.jsonl', jsonl([create, update([{ id: 'root', component: 'Gauge', value: 'high' }])]));
    const { code, out } = await run(['validate', '--json', '--catalog', catalogFile, bad]);
    expect(code).toBe(1);
    const report = ValidateJsonSchema.parse(JSON.parse(out));
    expect(report.messages.map((m) => m.verdict)).toEqual(['ok', 'fail']);
  });

  test('a catalog file validateCatalog refuses is exit 2, naming its problems', async () => {
    const { code, err } = await run(['validate', '--catalog', forbiddenFile, soundStream]);
    expect(code).toBe(2);
    expect(err).toMatch(/UNKNOWN_KEY \/theme/);
    expect(err).toMatch(/MISSING_RETURN_TYPE|FUNCTION_SHAPE/);
  });

  test('usage mistakes are exit 2', async () => {
    expect((await run(['validate', '--catalog'])).code).toBe(2);
    expect((await run(['validate', '--complete'])).code).toBe(2);
    expect((await run(['validate', '--nope', soundStream])).code).toBe(2);
    const missing = await run(['validate', '--json', join(dir, 'nothing.jsonl')]);
    expect(missing.code).toBe(2);
    expect(CliErrorJsonSchema.parse(JSON.parse(missing.out)).error).toMatch(/No such file/);
  });
});

describe('validate --complete', () => {
  test('a complete stream passes', async () => {
    const { code, out } = await run(['validate', '--complete', '--catalog', catalogFile, soundStream]);
    expect(code).toBe(0);
    expect(out).toMatch(/complete: every surface has a root/);
  });

  test('dangling references, orphans and a surface without root are listed, exit 1', async () => {
    const { code, out } = await run(['validate', '--complete', '--json', '--catalog', catalogFile, incompleteStream]);
    expect(code).toBe(1);
    const report = ValidateJsonSchema.parse(JSON.parse(out));
    expect(report.summary.failed).toBe(0);
    expect((report.complete ?? []).map((p) => [p.code, p.surfaceId, p.componentId])).toEqual(
      expect.arrayContaining([
        ['DANGLING_REFERENCE', 'dash', 'root'],
        ['ORPHANED_COMPONENT', 'dash', 'stray'],
        ['MISSING_ROOT', 'empty', undefined],
      ]),
    );
    expect(report.complete).toHaveLength(3);
  });

  test('without --complete the same stream passes: mid-stream these are normal', async () => {
    expect((await run(['validate', '--catalog', catalogFile, incompleteStream])).code).toBe(0);
  });
});

describe('replay --catalog', () => {
  test('renders the custom components', async () => {
    const { code, out } = await run(['replay', '--catalog', catalogFile, soundStream]);
    expect(code).toBe(0);
    expect(out).toMatch(/Gauge #g/);
  });
});

describe('catalog check|lint|bundle', () => {
  test('check: a valid catalog is exit 0; a forbidden one lists every problem with --json, exit 1', async () => {
    const ok = await run(['catalog', 'check', '--json', catalogFile]);
    expect(ok.code).toBe(0);
    expect(CatalogCheckJsonSchema.parse(JSON.parse(ok.out))).toMatchObject({ valid: true, problems: [], catalogId: GAUGE_ID });
    const bad = await run(['catalog', 'check', '--json', forbiddenFile]);
    expect(bad.code).toBe(1);
    const parsed = CatalogCheckJsonSchema.parse(JSON.parse(bad.out));
    expect(parsed.problems.map((p) => p.path)).toEqual(expect.arrayContaining(['/theme', '/functions/percent/parameters', '/functions/percent/properties']));
    const text = await run(['catalog', 'check', forbiddenFile]);
    expect(text.out).toMatch(/UNKNOWN_KEY \/theme/);
  });

  test('lint: exit 1 on an error finding (an unlabelled interactive component), 0 on warnings only', async () => {
    const clean = await run(['catalog', 'lint', '--json', catalogFile]);
    expect(clean.code).toBe(0);
    expect(CatalogLintJsonSchema.parse(JSON.parse(clean.out)).summary.error).toBe(0);
    const bad = await run(['catalog', 'lint', '--json', unlabelled]);
    expect(bad.code).toBe(1);
    const parsed = CatalogLintJsonSchema.parse(JSON.parse(bad.out));
    expect(parsed.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.path])).toEqual([['ACCESSIBLE_LABEL', '/components/Knob']]);
    expect((await run(['catalog', 'lint', unlabelled])).out).toMatch(/ERROR ACCESSIBLE_LABEL \/components\/Knob/);
  });

  test('lint: a file no load can read is exit 1 with its problems', async () => {
    const broken = write('broken-names.json', { ...gauges, components: { 'Bad-Name': gauges.components.Gauge } });
    const { code, out } = await run(['catalog', 'lint', '--json', broken]);
    expect(code).toBe(1);
    expect(CatalogLintJsonSchema.parse(JSON.parse(out)).problems.map((p) => p.code)).toContain('INVALID_NAME');
  });

  test('bundle: prints a self-contained catalog, valid against catalog_definition.json', async () => {
    const { code, out } = await run(['catalog', 'bundle', catalogFile]);
    expect(code).toBe(0);
    const bundle = JSON.parse(out) as object;
    expect(validateCatalog(bundle).problems).toEqual([]);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(readFixtureJson('spec/v1_0/json/common_types.json') as object);
    expect(ajv.validate(readFixtureJson('spec/v1_0/json/catalog_definition.json') as object, bundle)).toBe(true);
    const alone = new Ajv2020({ strict: false, validateFormats: false });
    alone.addSchema({ ...bundle, $id: 'https://bundle.example/gauges.json' });
    expect(alone.validate({ $ref: 'https://bundle.example/gauges.json#/components/Gauge' }, { component: 'Gauge', value: { path: '/v' } })).toBe(true);
    expect(alone.validate({ $ref: 'https://bundle.example/gauges.json#/components/Gauge' }, { component: 'Gauge', value: { path: 3 } })).toBe(false);
    expect((await run(['catalog', 'bundle', forbiddenFile])).code).toBe(1);
  });

  test('usage and unreadable files are exit 2', async () => {
    expect((await run(['catalog', 'frobnicate', catalogFile])).code).toBe(2);
    expect((await run(['catalog', 'check'])).code).toBe(2);
    expect((await run(['catalog', 'check', write('not-json.json', '{')])).code).toBe(2);
    expect((await run(['catalog', 'check', join(dir, 'absent.json')])).code).toBe(2);
  });
});
