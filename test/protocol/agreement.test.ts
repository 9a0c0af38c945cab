/**
 * Our validation and the spec's JSON schemas (run by ajv) give the same valid/invalid answer on
 * every message of the basic catalog examples and on mutations of them. Two pairings:
 * - envelope: zod alone vs the spec schemas with an open catalog (any component, any function);
 * - full: zod plus createComponentValidator(basic, reject) vs the spec schemas with the basic catalog.
 */
import { createComponentValidator, parseAgentMessage, parseRendererMessage } from '../../src/protocol';
import {
  OPEN_CATALOG,
  basicCatalogJson,
  catalogAlias,
  catalogAnswer,
  clone,
  specAjv,
  specFiles,
  specJson,
  specValidator,
  type Json,
  type JsonObject,
} from './spec';

const AGENT_BODIES = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface', 'callRendererFunction', 'agentFunctionResponse'];

type Mutation = { label: string; value: Json };

const openAgent = specValidator(specAjv(OPEN_CATALOG), 'agent_to_renderer.json');
const openRenderer = specValidator(specAjv(OPEN_CATALOG), 'renderer_to_agent.json');
const basicAgent = specValidator(specAjv(catalogAlias(basicCatalogJson())), 'agent_to_renderer.json');
const basicValidator = createComponentValidator(basicCatalogJson(), { unknownFunctions: 'reject' });

function isObject(value: Json | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Every JSON Pointer in a value, root excluded. */
function pointers(value: Json, base = ''): string[] {
  const out: string[] = [];
  const entries: [string, Json][] = Array.isArray(value)
    ? value.map((item, i) => [String(i), item])
    : isObject(value)
      ? Object.entries(value)
      : [];
  for (const [key, child] of entries) {
    const pointer = `${base}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    out.push(pointer, ...pointers(child, pointer));
  }
  return out;
}

function setAt(root: Json, pointer: string, value: Json | undefined): Json {
  const copy = clone(root);
  const tokens = pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = tokens.pop() as string;
  let parent: Json = copy;
  for (const token of tokens) parent = (Array.isArray(parent) ? parent[Number(token)] : (parent as JsonObject)[token]) as Json;
  if (Array.isArray(parent)) {
    if (value === undefined) parent.splice(Number(last), 1);
    else parent[Number(last)] = value;
  } else if (value === undefined) delete (parent as JsonObject)[last];
  else (parent as JsonObject)[last] = value;
  return copy;
}

/** A value of another JSON type than `value`. */
function otherType(value: Json): Json {
  if (typeof value === 'string') return 7;
  if (typeof value === 'number') return 'seven';
  if (typeof value === 'boolean') return 'yes';
  if (value === null) return {};
  if (Array.isArray(value)) return { items: value.length };
  return 'object';
}

function mutations(message: JsonObject): Mutation[] {
  const out: Mutation[] = [{ label: 'as is', value: message }];
  const add = (label: string, value: Json) => out.push({ label, value });
  add('no version', setAt(message, '/version', undefined));
  add('version v0.9', setAt(message, '/version', 'v0.9'));
  add('version number', setAt(message, '/version', 1));
  add('unknown top-level key', setAt(message, '/extra', true));
  add('two bodies', setAt(message, message['deleteSurface'] ? '/createSurface' : '/deleteSurface', { surfaceId: 's' }));
  const bodyKey = Object.keys(message).find((key) => AGENT_BODIES.includes(key)) ?? 'none';
  const body = message[bodyKey];
  add('no body', setAt(message, `/${bodyKey}`, undefined));
  add('body is a number', setAt(message, `/${bodyKey}`, 42));
  add('body unknown key', setAt(message, `/${bodyKey}/bogus`, 1));
  if (isObject(body)) {
    for (const key of Object.keys(body)) {
      add(`drop ${key}`, setAt(message, `/${bodyKey}/${key}`, undefined));
      for (const wrong of [42, null, 'x', {}, []] as Json[]) add(`${key} = ${JSON.stringify(wrong)}`, setAt(message, `/${bodyKey}/${key}`, wrong));
    }
    const components = Array.isArray(body['components']) ? body['components'] : [];
    components.slice(0, 3).forEach((component, i) => {
      const at = `/${bodyKey}/components/${i}`;
      add(`component ${i} without id`, setAt(message, `${at}/id`, undefined));
      add(`component ${i} numeric id`, setAt(message, `${at}/id`, 7));
      add(`component ${i} is Surface`, setAt(message, `${at}/component`, 'Surface'));
      add(`component ${i} without type`, setAt(message, `${at}/component`, undefined));
      add(`component ${i} numeric type`, setAt(message, `${at}/component`, 5));
      add(`component ${i} unknown key`, setAt(message, `${at}/bogus`, 1));
      add(`component ${i} bad label`, setAt(message, `${at}/accessibility`, { label: 5 }));
      add(`component ${i} bad live`, setAt(message, `${at}/accessibility`, { live: 'loud' }));
      add(`component ${i} bad extension key`, setAt(message, `${at}/metadata`, { extensions: { 'a-b': 1 } }));
      for (const key of Object.keys(isObject(component) ? component : {}).filter((k) => k !== 'id' && k !== 'component')) {
        add(`component ${i} ${key} = 42`, setAt(message, `${at}/${key}`, 42));
        add(`component ${i} ${key} = bad binding`, setAt(message, `${at}/${key}`, { path: 7 }));
        add(`component ${i} ${key} = unknown call`, setAt(message, `${at}/${key}`, { call: 'nope' }));
      }
    });
  }
  // Wrong types anywhere: a sample of every pointer of the message.
  const all = pointers(message).filter((p) => p !== '/version');
  const step = Math.max(1, Math.ceil(all.length / 80));
  for (let i = 0; i < all.length; i += step) {
    const pointer = all[i] as string;
    const current = pointer.slice(1).split('/').reduce<Json | undefined>((node, token) => {
      const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
      return Array.isArray(node) ? node[Number(key)] : isObject(node) ? node[key] : undefined;
    }, message);
    if (current !== undefined) add(`${pointer} wrong type`, setAt(message, pointer, otherType(current)));
  }
  return out;
}

/**
 * Documented difference: our FunctionCall args are dynamic values, so an object with `path` or
 * `call` inside args must be a well-formed binding or call, even where a catalog function types
 * that argument as "anything" (e.g. `required.value`). The spec schema accepts those.
 */
function isArgsDifference(label: string, ours: boolean, spec: boolean): boolean {
  return spec && !ours && /\/args\/[^/]+\/(path|call|args)/.test(label);
}

const examples = specFiles('catalogs/basic/examples', '.json');
const tally = { messages: 0, mutations: 0, envelopeChecks: 0, fullChecks: 0, argsDifferences: 0 };

describe('agreement with the spec JSON schemas (ajv 2020)', () => {
  for (const file of examples) {
    test(file, () => {
      const sample = specJson(`catalogs/basic/examples/${file}`);
      const messages = sample['messages'] as JsonObject[];
      const disagreements: string[] = [];
      for (const [index, message] of messages.entries()) {
        tally.messages += 1;
        for (const mutation of mutations(message)) {
          tally.mutations += 1;
          const envelope = parseAgentMessage(mutation.value).ok;
          const openSpec = openAgent(mutation.value) as boolean;
          tally.envelopeChecks += 1;
          if (envelope !== openSpec) disagreements.push(`[envelope] message ${index}, ${mutation.label}: ours ${envelope}, spec ${openSpec}`);
          const full = catalogAnswer(mutation.value, basicValidator);
          const basicSpec = basicAgent(mutation.value) as boolean;
          tally.fullChecks += 1;
          if (full === basicSpec) continue;
          if (isArgsDifference(mutation.label, full, basicSpec)) tally.argsDifferences += 1;
          else disagreements.push(`[full] message ${index}, ${mutation.label}: ours ${full}, spec ${basicSpec}`);
        }
      }
      expect(disagreements).toEqual([]);
    });
  }

  test('documented difference: a binding-shaped argument must be a valid binding', () => {
    const message = {
      version: 'v1.0',
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 't', component: 'Text', text: 'T', accessibility: { label: { call: 'required', args: { value: { path: 5 } } } } },
        ],
      },
    };
    // `required.value` accepts anything in the catalog, but a renderer reads `{ path }` as a binding.
    expect(basicAgent(message)).toBe(true);
    expect(catalogAnswer(message, basicValidator)).toBe(false);
    expect(isArgsDifference('/updateComponents/components/0/accessibility/label/args/value/path wrong type', false, true)).toBe(true);
  });

  test('every example message is valid both ways', () => {
    for (const file of examples) {
      for (const message of specJson(`catalogs/basic/examples/${file}`)['messages'] as JsonObject[]) {
        expect([parseAgentMessage(message).ok, catalogAnswer(message, basicValidator)]).toEqual([true, true]);
      }
    }
  });

  test('renderer-to-agent messages and mutations agree', () => {
    const messages: JsonObject[] = [
      {
        version: 'v1.0',
        action: { name: 'submit', surfaceId: 's', sourceComponentId: 'b', timestamp: '2025-01-31T12:00:00Z', context: { a: 1 } },
      },
      {
        version: 'v1.0',
        callAgentFunction: { surfaceId: 's', functionCallId: 'c1', callFunction: { call: 'lookup', args: { q: { path: '/q' } } } },
      },
      { version: 'v1.0', rendererFunctionResponse: { functionCallId: 'c2', value: [1, null] } },
      { version: 'v1.0', rendererFunctionResponse: { functionCallId: 'c3', error: { code: 'EXECUTION_FAILED', message: 'no' } } },
      { version: 'v1.0', error: { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/0', message: 'bad' } },
      { version: 'v1.0', error: { code: 'INVALID_FUNCTION_CALL', functionCallId: 'c4', message: 'rendererOnly' } },
    ];
    const disagreements: string[] = [];
    for (const message of messages) {
      for (const [label, value] of [
        ['as is', message],
        ...pointers(message).map((p) => [`${p} dropped`, setAt(message, p, undefined)]),
        ...pointers(message).map((p) => [`${p} wrong type`, setAt(message, p, 42)]),
        ['extra key', setAt(message, '/extra', 1)],
      ] as [string, Json][]) {
        const ours = parseRendererMessage(value).ok;
        const spec = openRenderer(value) as boolean;
        if (ours !== spec) disagreements.push(`${label} of ${JSON.stringify(message)}: ours ${ours}, spec ${spec}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  afterAll(() => {
    process.stdout.write(
      `agreement: ${tally.messages} example messages, ${tally.mutations} variants, ` +
        `${tally.envelopeChecks} envelope and ${tally.fullChecks} full comparisons, ` +
        `${tally.argsDifferences} documented args differences\n`,
    );
  });
});
