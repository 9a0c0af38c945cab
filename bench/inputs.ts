/**
 * Benchmark inputs, read at run time: the 43 basic-catalog example conversations of the v1.0
 * spec, copied N times with unique surface ids, and a synthetic template-list surface. Every
 * input exists in two dialects: v1.0 for our session, v0.9 for @a2ui/web_core.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The spec's examples, from the shared folder beside the checkout (run `npm run bench` from the project root). */
export const EXAMPLES_DIR = process.env.A2UI_EXAMPLES_DIR ?? resolve(process.cwd(), 'test/fixtures/a2ui/spec/v1_0/catalogs/basic/examples');
export const OUR_CATALOG_ID = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
export const THEIR_CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

type Json = Record<string, unknown>;

export interface Example {
  file: string;
  surfaceId: string;
  messages: Json[];
}

/** The message kinds both protocol versions understand (the comparable subset). */
const COMMON_KINDS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;

function bodyOf(message: Json): { kind: string; body: Json } {
  const kind = Object.keys(message).find((k) => k !== 'version');
  if (kind === undefined) throw new Error('message without a body');
  return { kind, body: message[kind] as Json };
}

export function loadExamples(dir = EXAMPLES_DIR): Example[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  return files.map((file) => {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { messages: Json[] };
    const messages = doc.messages.filter((m) => (COMMON_KINDS as readonly string[]).includes(bodyOf(m).kind));
    const create = messages.find((m) => 'createSurface' in m);
    if (!create) throw new Error(`${file}: no createSurface`);
    return { file, surfaceId: (create.createSurface as Json).surfaceId as string, messages };
  });
}

/** `messages` with every surfaceId set to `surfaceId` (a deep copy). */
export function withSurfaceId(messages: readonly Json[], surfaceId: string): Json[] {
  return messages.map((m) => {
    const { kind, body } = bodyOf(m);
    return { ...m, [kind]: { ...structuredClone(body), surfaceId } };
  });
}

/**
 * The v0.9 form of v1.0 messages (see docs/evolution_guide.md): version "v0.9"; the v0.9 basic
 * catalog id; createSurface cannot carry components or a data model (they become separate
 * updateComponents / updateDataModel messages); a null value deletes in v1.0, an omitted value
 * in v0.9; components and function calls carry no catalogId.
 */
export function toV09(messages: readonly Json[]): Json[] {
  const out: Json[] = [];
  for (const m of messages) {
    const { kind, body } = bodyOf(m);
    const copy = stripCatalogIds(structuredClone(body)) as Json;
    if (kind === 'createSurface') {
      const { components, dataModel, metadata: _metadata, catalogId: _catalogId, ...rest } = copy;
      out.push({ version: 'v0.9', createSurface: { ...rest, catalogId: THEIR_CATALOG_ID } });
      if (Array.isArray(components)) out.push({ version: 'v0.9', updateComponents: { surfaceId: rest.surfaceId, components } });
      if (dataModel !== undefined) out.push({ version: 'v0.9', updateDataModel: { surfaceId: rest.surfaceId, path: '/', value: dataModel } });
    } else if (kind === 'updateDataModel' && copy.value === null) {
      const { value: _value, ...rest } = copy;
      out.push({ version: 'v0.9', updateDataModel: rest });
    } else {
      out.push({ version: 'v0.9', [kind]: copy });
    }
  }
  return out;
}

function stripCatalogIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripCatalogIds);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'catalogId' && ('component' in value || 'call' in value)) continue;
    out[k] = stripCatalogIds(v);
  }
  return out;
}

/** One surface's conversation, as JSON text per dialect (parsed fresh for every sample). */
export interface Conversation {
  surfaceId: string;
  oursJson: string;
  theirsJson: string;
}

/** N conversations: example `i % 43`, surface id `<original>-<i>`. */
export function conversations(examples: readonly Example[], n: number): Conversation[] {
  const out: Conversation[] = [];
  for (let i = 0; i < n; i += 1) {
    const example = examples[i % examples.length] as Example;
    const surfaceId = `${example.surfaceId}-${i}`;
    const ours = withSurfaceId(example.messages, surfaceId);
    out.push({ surfaceId, oursJson: JSON.stringify(ours), theirsJson: JSON.stringify(toV09(ours)) });
  }
  return out;
}

// --- the template-list surface: List over /rows, one Text per row bound to a relative path ---

export const LIST_SURFACE_ID = 'bench-list';

export function rowsOf(count: number, tag: string): Array<{ label: string }> {
  const rows = new Array<{ label: string }>(count);
  for (let i = 0; i < count; i += 1) rows[i] = { label: `${tag} ${i}` };
  return rows;
}

/** The list surface in v1.0: createSurface, the two components, the rows. */
export function listSurfaceV10(count: number, surfaceId = LIST_SURFACE_ID): Json[] {
  return [
    { version: 'v1.0', createSurface: { surfaceId, catalogId: OUR_CATALOG_ID } },
    {
      version: 'v1.0',
      updateComponents: {
        surfaceId,
        components: [
          { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
          { id: 'row', component: 'Text', text: { path: 'label' } },
        ],
      },
    },
    { version: 'v1.0', updateDataModel: { surfaceId, path: '/rows', value: rowsOf(count, 'row') } },
  ];
}

export function dataUpdate(version: 'v1.0' | 'v0.9', path: string, value: unknown, surfaceId = LIST_SURFACE_ID): Json {
  return { version, updateDataModel: { surfaceId, path, value } };
}
