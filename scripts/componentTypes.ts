/**
 * The generator behind scripts/generate-component-types.ts: from a catalog.json, the type of each
 * component's *resolved* props (what `ResolvedNode.props` holds once bindings are read, functions
 * run and child ids placed as refs) and the same facts as plain data, which `isComponent` checks
 * at run time. Kept apart from the command so a test can run it and compare with the committed
 * output.
 *
 * A property's resolved type follows its schema: DynamicString → string, DynamicNumber → number,
 * DynamicBoolean → boolean, DynamicStringList → string[], Child → NodeRef | null (null when the
 * slot holds no component id), ChildList → NodeRef[], Action → Action (kept as sent); enums,
 * arrays and objects by their schema; anything else (DynamicValue, a binding, a union with one)
 * is unknown. `checks` and `component` are not props.
 */
import { dirname, relative } from 'node:path';
import type { PropType } from '../src/catalog/componentTypes';

type Schema = Record<string, unknown>;

const RESERVED = new Set(['id', 'component', 'catalogId', 'checks']);

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function commonType(name: string): PropType | undefined {
  switch (name) {
    case 'DynamicString':
      return 'string';
    case 'DynamicNumber':
      return 'number';
    case 'DynamicBoolean':
      return 'boolean';
    case 'DynamicStringList':
      return { array: 'string' };
    case 'Child':
    case 'ComponentId':
      return 'ref';
    case 'ChildList':
      return 'refs';
    case 'Action':
      return 'action';
    default:
      return undefined;
  }
}

/** The resolved type of one property schema. */
function typeOf(schema: unknown, defs: Schema, depth = 0): PropType {
  if (!isSchema(schema) || depth > 16) return 'unknown';
  if (typeof schema.$ref === 'string') {
    const local = /^#\/\$defs\/(.+)$/.exec(schema.$ref);
    if (local?.[1] !== undefined) return typeOf(defs[local[1]], defs, depth + 1);
    return commonType(schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1)) ?? 'unknown';
  }
  // `allOf` adds constraints (formats, conditions) to its first part.
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return typeOf(schema.allOf[0], defs, depth + 1);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts)) {
      const types = parts.map((part) => typeOf(part, defs, depth + 1));
      return types.includes('unknown') ? 'unknown' : { oneOf: types };
    }
  }
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) return { enum: schema.enum as string[] };
  if (Array.isArray(schema.type)) {
    const types = schema.type.map((type) => typeOf({ ...schema, type }, defs, depth + 1));
    return types.includes('unknown') ? 'unknown' : { oneOf: types };
  }
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return { array: typeOf(schema.items, defs, depth + 1) };
    case 'object': {
      if (isSchema(schema.properties)) {
        const properties: Record<string, PropType> = {};
        for (const [name, property] of Object.entries(schema.properties)) properties[name] = typeOf(property, defs, depth + 1);
        const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
        return { object: properties, required };
      }
      if (isSchema(schema.additionalProperties)) return { record: typeOf(schema.additionalProperties, defs, depth + 1) };
      return { record: 'unknown' };
    }
    default:
      return 'unknown';
  }
}

/** The properties and required names of a component schema, its `allOf` parts included. */
function propsOf(schema: unknown, defs: Schema): { object: Record<string, PropType>; required: string[] } {
  const object: Record<string, PropType> = {};
  const required: string[] = [];
  const visit = (part: unknown) => {
    if (!isSchema(part)) return;
    if (isSchema(part.properties)) {
      for (const [name, property] of Object.entries(part.properties)) {
        if (!RESERVED.has(name)) object[name] = typeOf(property, defs);
      }
    }
    if (Array.isArray(part.required)) {
      for (const name of part.required) if (typeof name === 'string' && !RESERVED.has(name)) required.push(name);
    }
    if (Array.isArray(part.allOf)) part.allOf.forEach(visit);
  };
  visit(schema);
  return { object, required };
}

function quote(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/** The TypeScript text of a resolved type. */
function typeText(type: PropType, indent: string): string {
  if (typeof type === 'string') {
    return { string: 'string', number: 'number', boolean: 'boolean', ref: 'NodeRef | null', refs: 'NodeRef[]', action: 'Action', unknown: 'unknown' }[type];
  }
  if ('enum' in type) return type.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('oneOf' in type) return type.oneOf.map((part) => typeText(part, indent)).join(' | ');
  if ('array' in type) {
    const item = typeText(type.array, indent);
    return /[ |]/.test(item) ? `Array<${item}>` : `${item}[]`;
  }
  if ('record' in type) return `Record<string, ${typeText(type.record, indent)}>`;
  const inner = `${indent}  `;
  const lines = Object.entries(type.object).map(
    ([name, property]) => `${inner}${quote(name)}${type.required.includes(name) ? '' : '?'}: ${typeText(property, inner)};`,
  );
  return `{\n${lines.join('\n')}\n${indent}}`;
}

export interface CatalogTypesInput {
  /** The catalog.json document. */
  json: Schema;
  /** The exported names: `<prefix>ComponentProps` and `<PREFIX>_COMPONENT_TYPES`. */
  prefix: string;
  /** Where the catalog.json came from, for the header. */
  source: string;
  /** The output file, relative to the repository root (the imports are relative to it). */
  path: string;
}

/** The text of the generated module for one catalog. */
export function componentTypesModule(input: CatalogTypesInput): string {
  const defs = isSchema(input.json.$defs) ? input.json.$defs : {};
  const components = isSchema(input.json.components) ? input.json.components : {};
  const catalogId = String(input.json.catalogId);
  const entries = Object.entries(components).map(([name, schema]) => [name, propsOf(schema, defs)] as const);
  const upper = input.prefix.toUpperCase();
  const from = (module: string) => relative(dirname(input.path), module).replace(/^(?!\.)/, './');
  const imports = { componentTypes: from('src/catalog/componentTypes'), tree: from('src/model/tree'), common: from('src/protocol/common') };
  const typeLines = entries.map(([name, props]) => `  ${quote(name)}: ${typeText(props, '  ')};`);
  const dataLines = entries.map(([name, props]) => `  ${quote(name)}: ${JSON.stringify(props)},`);
  return `/**
 * The resolved props of each component of ${input.source}, and the same as data for
 * \`isComponent\`. Generated by scripts/generate-component-types.ts from the catalog's JSON; do not
 * edit by hand (test/catalog/componentTypes.test.ts fails when this is stale).
 */
import type { ComponentTypes } from '${imports.componentTypes}';
import type { NodeRef } from '${imports.tree}';
import type { Action } from '${imports.common}';

/** The resolved props of each component, by component name. */
export interface ${input.prefix}ComponentProps {
${typeLines.join('\n')}
}

/** The catalog id and the resolved prop types of each component, for run-time checks. */
export const ${upper}_COMPONENT_TYPES: ComponentTypes<keyof ${input.prefix}ComponentProps> = {
  catalogId: ${JSON.stringify(catalogId)},
  components: {
${dataLines.map((line) => `  ${line}`).join('\n')}
  },
};
`;
}
