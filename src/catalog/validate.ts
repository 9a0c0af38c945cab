/**
 * Checking a catalog document against catalog_definition.json and the protocol's catalog rules,
 * reporting every problem at once (an agent developer fixes a catalog in one pass, not one error
 * per run). Pure; never throws, whatever the input.
 *
 * Where the protocol's prose allows more than catalog_definition.json, the prose wins: its own
 * function template carries `unevaluatedProperties: false`, and its deprecation rule lets
 * functions declare `deprecated` / `x-deprecated-reason`, which the schema's
 * `unevaluatedProperties: false` on FunctionDefinition would refuse.
 */
import { COMMON_TYPES_RULES } from '../protocol/json/commonTypesRules';
import { ComponentDefinitionSchema } from '../protocol/catalogDefinition';
import { COMMON_TYPES_ID } from '../protocol/componentValidation';
import type { CatalogProblem, CatalogProblemCode } from './problems';
import { errorText } from '../util/errors';
import { hasOwn, isRecord } from '../util/records';

const TOP_LEVEL_KEYS = new Set([
  '$schema', '$id', 'protocolVersion', 'title', 'description', 'catalogId', 'instructions', 'components', 'functions', '$defs',
]);
const STRING_KEYS = ['$schema', '$id', 'title', 'description', 'instructions'] as const;
const FUNCTION_KEYS = new Set([
  'type', 'description', 'properties', 'required', 'returnType', 'allowedCallers', 'requiresUserActivation',
  // Allowed by the protocol's prose (see the module comment).
  'unevaluatedProperties', 'deprecated', 'x-deprecated-reason',
]);
/** The returnType values a catalog function may declare. */
export const RETURN_TYPES: readonly string[] = ['string', 'number', 'boolean', 'array', 'object', 'validationResult', 'any', 'void'];
/** The allowedCallers values a catalog function may declare. */
export const CALLERS: readonly string[] = ['rendererOnly', 'agentOnly', 'rendererOrAgent'];
// catalog_definition.json's SemVer-like protocolVersion pattern.
const VERSION =
  /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:\.(0|[1-9][0-9]*))?(?:-((?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const MAX_DEPTH = 64;
// UAX #31 identifiers, as the protocol's "Catalog Entity Naming Rules" require.
const ENTITY_NAME = /^[\p{XID_Start}_][\p{XID_Continue}]*$/u;

/** Whether a name is a valid catalog entity name (UAX #31 identifier). */
export function isEntityName(name: string): boolean {
  return ENTITY_NAME.test(name);
}

/** The outcome of {@link validateCatalog}: valid when there is no problem. */
export interface CatalogValidation {
  valid: boolean;
  problems: CatalogProblem[];
}

/**
 * Checks a catalog.json document (v1.0) and lists every problem, each with a JSON Pointer:
 * the shape of catalog_definition.json (top-level keys, `$defs` holding only `anyComponent` and
 * `anyFunction`, field types), components (a required `component` const equal to the key, no
 * `ComponentCommon` wrapper, never `Surface`), functions (the JSON Schema of their FunctionCall
 * with a `call` const equal to the key, a `returnType`, `requiresUserActivation` only on
 * renderer-only functions, no `@` names), UAX #31 names for components, functions, properties and
 * arguments, and `$ref`s only to common types or into the document. Never throws.
 *
 * @example
 * const { valid, problems } = validateCatalog(JSON.parse(text));
 * for (const p of problems) console.log(`${p.path || '/'}: ${p.message}`);
 */
export function validateCatalog(json: unknown): CatalogValidation {
  const problems: CatalogProblem[] = [];
  const add = (code: CatalogProblemCode, path: string, message: string): void => {
    problems.push({ code, path, message });
  };
  try {
    checkDocument(json, add);
  } catch (error) {
    // Only a hostile document (a getter that throws, a cycle) gets here.
    add('NOT_AN_OBJECT', '', `The document cannot be read as JSON: ${errorText(error)}.`);
  }
  return { valid: problems.length === 0, problems };
}

type Add = (code: CatalogProblemCode, path: string, message: string) => void;

function checkDocument(json: unknown, add: Add): void {
  if (!isRecord(json)) {
    add('NOT_AN_OBJECT', '', 'A catalog document must be a JSON object.');
    return;
  }
  for (const key of Object.keys(json)) {
    if (!TOP_LEVEL_KEYS.has(key)) {
      add('UNKNOWN_KEY', pointer(key), `'${key}' is not a catalog key: a catalog.json may only have $schema, $id, protocolVersion, title, description, catalogId, instructions, components, functions and $defs.`);
    }
  }
  if (typeof json.catalogId !== 'string' || json.catalogId === '') {
    add('MISSING_CATALOG_ID', '/catalogId', 'A catalog needs a catalogId, a non-empty string.');
  }
  for (const key of STRING_KEYS) {
    if (json[key] !== undefined && typeof json[key] !== 'string') add('INVALID_FIELD', pointer(key), `'${key}' must be a string.`);
  }
  checkVersion(json.protocolVersion, add);
  checkDefs(json.$defs, add);
  if (json.components !== undefined) {
    if (isRecord(json.components)) {
      for (const [name, schema] of Object.entries(json.components)) checkComponent(name, schema, add);
    } else add('INVALID_FIELD', '/components', "'components' must be an object mapping component names to JSON Schemas.");
  }
  if (json.functions !== undefined) {
    if (isRecord(json.functions)) {
      for (const [name, schema] of Object.entries(json.functions)) checkFunction(name, schema, add);
    } else add('INVALID_FIELD', '/functions', "'functions' must be an object mapping function names to definitions.");
  }
  checkRefs(json, add);
}

function checkVersion(version: unknown, add: Add): void {
  if (version === undefined) {
    add('MISSING_PROTOCOL_VERSION', '/protocolVersion', "No protocolVersion: catalog_definition.json reads such a document as a 0.9 catalog; a catalog for 1.0 must say '1.0'.");
  } else if (typeof version !== 'string') {
    add('INVALID_FIELD', '/protocolVersion', "'protocolVersion' must be a string such as '1.0'.");
  } else if (!VERSION.test(version)) {
    add('UNSUPPORTED_PROTOCOL_VERSION', '/protocolVersion', `protocolVersion '${version}' is not a version such as '1.0' or '1.0.2'.`);
  } else if (!version.startsWith('1.')) {
    add('UNSUPPORTED_PROTOCOL_VERSION', '/protocolVersion', `protocolVersion '${version}': this catalog targets another version than 1.0, whose rules are checked here.`);
  }
}

function checkDefs(defs: unknown, add: Add): void {
  if (defs === undefined) return;
  if (!isRecord(defs)) {
    add('INVALID_FIELD', '/$defs', "'$defs' must be an object.");
    return;
  }
  for (const [key, schema] of Object.entries(defs)) {
    if (key !== 'anyComponent' && key !== 'anyFunction') {
      add('HELPER_DEF', `/$defs/${escape(key)}`, `Helper definition '${key}': a catalog's $defs may only hold anyComponent and anyFunction; shared schemas must be inlined where they are used.`);
    } else if (!isSchema(schema)) {
      add('INVALID_SCHEMA', `/$defs/${key}`, `'${key}' must be a JSON Schema.`);
    }
  }
  for (const key of ['anyComponent', 'anyFunction']) {
    if (!(key in defs)) add('MISSING_DEF', `/$defs/${key}`, `$defs needs '${key}' (the union over the catalog's ${key === 'anyComponent' ? 'components' : 'functions'}).`);
  }
}

function checkComponent(name: string, schema: unknown, add: Add): void {
  const at = `/components/${escape(name)}`;
  if (name === 'Surface') add('RESERVED_NAME', at, "The component name 'Surface' is reserved for the surface container createSurface makes.");
  else if (!isEntityName(name)) add('INVALID_NAME', at, invalidIdentifier('component', name));
  if (!isRecord(schema)) {
    add('INVALID_SCHEMA', at, `Component '${name}' must be a JSON Schema object.`);
    return;
  }
  const shape = ComponentDefinitionSchema.safeParse(schema);
  if (!shape.success) {
    for (const issue of shape.error.issues) add('INVALID_FIELD', `${at}${issuePointer(issue.path)}`, `Component '${name}': ${issue.message}.`);
  }
  for (const { path, names } of propertyMaps(schema, at)) {
    for (const property of names) {
      if (!isEntityName(property)) add('INVALID_NAME', `${path}/${escape(property)}`, `${invalidIdentifier('property', property)} (component '${name}').`);
    }
  }
  const discriminator = discriminatorOf(schema);
  if (discriminator.constValue === undefined) {
    add('COMPONENT_DISCRIMINATOR', at, `Component '${name}' must declare a property 'component' with "const": "${name}".`);
  } else if (discriminator.constValue !== name) {
    add('COMPONENT_DISCRIMINATOR', `${at}/properties/component`, `Component '${name}' declares component const ${JSON.stringify(discriminator.constValue)}; it must be "${name}", the key it is defined under.`);
  }
  if (discriminator.constValue !== undefined && !discriminator.required) {
    add('COMPONENT_DISCRIMINATOR', at, `Component '${name}' must list 'component' in required.`);
  }
  const branches = Array.isArray(schema.allOf) ? schema.allOf : [];
  branches.forEach((branch, i) => {
    if (isRecord(branch) && typeof branch.$ref === 'string' && commonTypeName(branch.$ref) === 'ComponentCommon') {
      add('COMPONENT_COMMON_WRAPPED', `${at}/allOf/${i}`, `Component '${name}' wraps ComponentCommon: the message envelope adds id, catalogId and accessibility to every component already.`);
    }
  });
}

/** The `component` property's const and whether `component` is required, in the schema or its allOf branches. */
function discriminatorOf(schema: Record<string, unknown>): { constValue: unknown; required: boolean } {
  let constValue: unknown;
  let required = false;
  for (const part of [schema, ...(Array.isArray(schema.allOf) ? schema.allOf : [])]) {
    if (!isRecord(part)) continue;
    const properties = isRecord(part.properties) ? part.properties : {};
    const component = properties.component;
    if (isRecord(component) && 'const' in component && constValue === undefined) constValue = component.const;
    if (Array.isArray(part.required) && part.required.includes('component')) required = true;
  }
  return { constValue, required };
}

function checkFunction(name: string, schema: unknown, add: Add): void {
  const at = `/functions/${escape(name)}`;
  if (name.startsWith('@')) add('RESERVED_NAME', at, `Function '${name}': names starting with '@' are the protocol's system functions; a catalog must not define them.`);
  else if (!isEntityName(name)) add('INVALID_NAME', at, invalidIdentifier('function', name));
  if (!isRecord(schema)) {
    add('INVALID_SCHEMA', at, `Function '${name}' must be a JSON Schema object.`);
    return;
  }
  for (const key of Object.keys(schema)) {
    if (FUNCTION_KEYS.has(key)) continue;
    const why = key === 'parameters'
      ? "'parameters' is another draft's spelling: a v1.0 function declares its arguments as properties.args, a JSON Schema."
      : `'${key}' is not a function definition key.`;
    add('UNKNOWN_KEY', `${at}/${escape(key)}`, `Function '${name}': ${why}`);
  }
  if (isRecord(schema.parameters)) {
    for (const argument of Object.keys(schema.parameters)) {
      if (!isEntityName(argument)) add('INVALID_NAME', `${at}/parameters/${escape(argument)}`, `${invalidIdentifier('argument', argument)} (function '${name}').`);
    }
  }
  checkFunctionMetadata(name, schema, at, add);
  checkFunctionCallSchema(name, schema, at, add);
}

function checkFunctionMetadata(name: string, schema: Record<string, unknown>, at: string, add: Add): void {
  const { returnType, allowedCallers, requiresUserActivation, description } = schema;
  if (returnType === undefined) add('MISSING_RETURN_TYPE', `${at}/returnType`, `Function '${name}' needs a returnType (one of ${RETURN_TYPES.join(', ')}).`);
  else if (typeof returnType !== 'string' || !RETURN_TYPES.includes(returnType)) {
    add('INVALID_FIELD', `${at}/returnType`, `Function '${name}': returnType ${JSON.stringify(returnType)} is not one of ${RETURN_TYPES.join(', ')}.`);
  }
  if (allowedCallers !== undefined && (typeof allowedCallers !== 'string' || !CALLERS.includes(allowedCallers))) {
    add('INVALID_FIELD', `${at}/allowedCallers`, `Function '${name}': allowedCallers ${JSON.stringify(allowedCallers)} is not one of ${CALLERS.join(', ')}.`);
  }
  if (requiresUserActivation !== undefined && typeof requiresUserActivation !== 'boolean') {
    add('INVALID_FIELD', `${at}/requiresUserActivation`, `Function '${name}': requiresUserActivation must be a boolean.`);
  }
  if (requiresUserActivation === true && allowedCallers !== undefined && allowedCallers !== 'rendererOnly') {
    add('USER_ACTIVATION_CALLERS', `${at}/allowedCallers`, `Function '${name}' requires user activation, so only the renderer may call it: allowedCallers must be rendererOnly (or absent), not ${JSON.stringify(allowedCallers)}.`);
  }
  if (description !== undefined && typeof description !== 'string') add('INVALID_FIELD', `${at}/description`, `Function '${name}': description must be a string.`);
}

/** The FunctionCall schema part: `type: object`, `properties.call.const`, optional `properties.args`, `required` with `call`. */
function checkFunctionCallSchema(name: string, schema: Record<string, unknown>, at: string, add: Add): void {
  const shape = (path: string, message: string): void => add('FUNCTION_SHAPE', `${at}${path}`, `Function '${name}': ${message}`);
  if (schema.type !== 'object') shape('/type', 'a function definition is the JSON Schema of its FunctionCall and needs "type": "object".');
  if (!isRecord(schema.properties)) {
    shape('/properties', 'needs properties.call, {"const": "' + name + '"}, and properties.args for its arguments.');
  } else {
    const properties = schema.properties;
    for (const key of Object.keys(properties)) {
      if (key === 'call' || key === 'args') continue;
      shape(`/properties/${escape(key)}`, key === '@call'
        ? "'@call' is another draft's spelling; v1.0 names the property 'call'."
        : `a FunctionCall schema has only 'call' and 'args' properties, not '${key}'.`);
    }
    const call = properties.call;
    if (!isRecord(call) || typeof call.const !== 'string') {
      if (!('@call' in properties)) shape('/properties/call', `needs properties.call with {"const": "${name}"}.`);
    } else if (call.const !== name) {
      add('CALL_MISMATCH', `${at}/properties/call/const`, `Function '${name}' has call const "${call.const}"; it must be "${name}", the key it is defined under.`);
    }
    const args = properties.args;
    if (args !== undefined && !isRecord(args)) shape('/properties/args', 'properties.args must be a JSON Schema object.');
    if (isRecord(args)) {
      for (const { path, names } of propertyMaps(args, `${at}/properties/args`)) {
        for (const argument of names) {
          if (!isEntityName(argument)) add('INVALID_NAME', `${path}/${escape(argument)}`, `${invalidIdentifier('argument', argument)} (function '${name}').`);
        }
      }
    }
  }
  if (!Array.isArray(schema.required) || !schema.required.every((item) => typeof item === 'string')) {
    shape('/required', 'needs "required" listing "call".');
  } else if (!schema.required.includes('call') && !schema.required.includes('@call')) {
    shape('/required', '"required" must list "call".');
  }
}

/** Every `$ref` must name a common type (as common_types.json does) or resolve inside the document. */
function checkRefs(json: Record<string, unknown>, add: Add): void {
  walkRefs(json, '', 0, (ref, at) => {
    if (ref.startsWith('#')) {
      if (!resolvesIn(json, ref.slice(1))) add('REF_TARGET', at, `$ref "${ref}" points nowhere in this document.`);
      return;
    }
    const name = commonTypeName(ref);
    if (name === undefined) {
      add('REF_TARGET', at, `$ref "${ref}": a catalog may refer only to common_types.json ($defs) and into itself.`);
    } else if (!hasOwn(COMMON_TYPES_RULES['$defs'] as object, name)) {
      add('REF_TARGET', at, `$ref "${ref}": common_types.json has no '${name}'.`);
    }
  });
}

/** The common type a `$ref` names (relative `common_types.json#/$defs/X` or the v1.0 URL), else undefined. */
export function commonTypeName(ref: string): string | undefined {
  const match = /^(?:common_types\.json|https:\/\/a2ui\.org\/specification\/v1_0\/common_types\.json)#\/\$defs\/([^/]+)$/.exec(ref);
  return match === null ? undefined : unescape(match[1] as string);
}

export { COMMON_TYPES_ID };

function walkRefs(value: unknown, at: string, depth: number, visit: (ref: string, at: string) => void): void {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => walkRefs(item, `${at}/${i}`, depth + 1, visit));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') visit(item, `${at}/$ref`);
    else walkRefs(item, `${at}/${escape(key)}`, depth + 1, visit);
  }
}

function resolvesIn(document: unknown, fragment: string): boolean {
  if (fragment === '') return true;
  if (!fragment.startsWith('/')) return false;
  let node: unknown = document;
  for (const raw of fragment.slice(1).split('/')) {
    const segment = unescape(decodeURIComponentSafe(raw));
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(segment)) node = node[Number(segment)];
    else if (isRecord(node) && Object.prototype.hasOwnProperty.call(node, segment)) node = node[segment];
    else return false;
  }
  return node !== undefined;
}

/** `properties` maps of a schema and of its inline allOf / anyOf / oneOf branches, with their pointers. */
function propertyMaps(schema: Record<string, unknown>, at: string, depth = 0): Array<{ path: string; names: string[] }> {
  if (depth > MAX_DEPTH) return [];
  const maps: Array<{ path: string; names: string[] }> = [];
  if (isRecord(schema.properties)) maps.push({ path: `${at}/properties`, names: Object.keys(schema.properties) });
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    branches.forEach((branch, i) => {
      if (isRecord(branch)) maps.push(...propertyMaps(branch, `${at}/${keyword}/${i}`, depth + 1));
    });
  }
  return maps;
}

function invalidIdentifier(kind: 'component' | 'function' | 'property' | 'argument', name: string): string {
  return `Invalid UAX #31 ${kind} identifier '${name}': a name starts with a letter (XID_Start) or '_' and goes on with letters, digits, marks or '_' (XID_Continue)`;
}

function isSchema(value: unknown): boolean {
  return typeof value === 'boolean' || isRecord(value);
}


function issuePointer(path: readonly PropertyKey[]): string {
  return path.map((segment) => `/${escape(String(segment))}`).join('');
}

function pointer(key: string): string {
  return `/${escape(key)}`;
}

/** Escapes a JSON Pointer segment. */
export function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
