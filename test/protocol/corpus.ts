/**
 * The message corpus of the agreement tests: every message of the basic catalog examples and
 * mutations of it (missing and wrong-typed keys, unknown keys, bad bindings and calls, a sample
 * of wrong types at every pointer).
 */
import { clone, type Json, type JsonObject } from './spec';

const AGENT_BODIES = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface', 'callRendererFunction', 'agentFunctionResponse'];

/** One variant of a message, labelled with what was changed. */
export type Mutation = { label: string; value: Json };

/** A JSON object (not null, not an array). */
export function isObject(value: Json | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Every JSON Pointer in a value, root excluded. */
export function pointers(value: Json, base = ''): string[] {
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

/** A copy of `root` with the value at `pointer` replaced (undefined: removed). */
export function setAt(root: Json, pointer: string, value: Json | undefined): Json {
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

/** The message itself and its variants. */
export function mutations(message: JsonObject): Mutation[] {
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
