/**
 * Test helpers: the v1.0 spec files from the vendored fixtures (test/fixtures/a2ui), and ajv (draft 2020-12) set up as an
 * independent reference validator over the spec's own JSON schemas.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import { parseAgentMessage } from '../../src/protocol';
import type { ComponentValidator } from '../../src/protocol/componentValidation';
import { FIXTURES, readFixtureJson } from '../conformance/suite';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const SPEC_DIR = 'spec/v1_0';
export const SPEC_BASE = 'https://a2ui.org/specification/v1_0/';
export const CATALOG_ALIAS_ID = `${SPEC_BASE}catalog.json`;

export function specJson(relative: string): JsonObject {
  return readFixtureJson(`${SPEC_DIR}/${relative}`) as JsonObject;
}

export function specFiles(relativeDir: string, suffix: string): string[] {
  return readdirSync(join(FIXTURES, SPEC_DIR, relativeDir))
    .filter((name) => name.endsWith(suffix))
    .sort();
}

export const basicCatalogJson = (): JsonObject => specJson('catalogs/basic/catalog.json');
export const testingCatalogJson = (): JsonObject => specJson('test/testing_catalog.json');

/** The catalog as the spec's test runner aliases it: `$id` renamed to `.../v1_0/catalog.json`. */
export function catalogAlias(catalog: JsonObject): JsonObject {
  return { ...catalog, $id: CATALOG_ALIAS_ID };
}

/**
 * A catalog that accepts any component with a `component` name and any well-formed function
 * call: with it, the spec schemas check only the envelope, which is what our zod schemas check.
 */
export const OPEN_CATALOG: JsonObject = {
  $id: CATALOG_ALIAS_ID,
  $defs: {
    anyComponent: {
      type: 'object',
      properties: { component: { type: 'string' } },
      required: ['component'],
      additionalProperties: true,
    },
    anyFunction: {
      type: 'object',
      properties: {
        call: { type: 'string', not: { const: '@index' } },
        catalogId: { type: 'string' },
        args: {
          type: 'object',
          additionalProperties: { oneOf: [{ $ref: 'common_types.json#/$defs/DynamicValue' }, { type: 'null' }] },
        },
      },
      required: ['call'],
    },
  },
};

const SCHEMA_FILES = [
  'common_types.json',
  'agent_to_renderer.json',
  'renderer_to_agent.json',
  'catalog_definition.json',
  'agent_to_renderer_list.json',
  'agent_to_renderer_list_wrapper.json',
  'renderer_to_agent_list.json',
  'renderer_to_agent_list_wrapper.json',
  'renderer_capabilities.json',
  'agent_capabilities.json',
  'renderer_data_model.json',
  'sample.json',
];

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** An ajv instance with every v1.0 schema, `catalog.json` mapped to the given catalog. */
export function specAjv(catalog: JsonObject): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  ajv.addFormat('date-time', RFC3339);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('time', /^\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})?$/);
  ajv.addFormat('uri', (value: string) => {
    try {
      return new URL(value).protocol.length > 1;
    } catch {
      return false;
    }
  });
  for (const file of SCHEMA_FILES) ajv.addSchema(specJson(`json/${file}`));
  ajv.addSchema(catalog);
  return ajv;
}

/** A validator for one spec schema, by file name. */
export function specValidator(ajv: Ajv2020, file: string): ValidateFunction {
  const id = (specJson(`json/${file}`)['$id'] as string) ?? '';
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`schema ${file} (${id}) not loaded`);
  return validate;
}

/** Deep copy through JSON, so tests never share (or freeze) fixtures by accident. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Our full answer for an agent message: the envelope by zod, then components and calls by the catalog. */
export function catalogAnswer(data: unknown, validator: ComponentValidator): boolean {
  const parsed = parseAgentMessage(data);
  if (!parsed.ok) return false;
  for (const [key, body] of Object.entries(parsed.message as Record<string, unknown>)) {
    if (key === 'version' || body === null || typeof body !== 'object') continue;
    const { components, callFunction } = body as { components?: unknown[]; callFunction?: unknown };
    for (const component of components ?? []) if (!validator.validateComponent(component).ok) return false;
    if (callFunction !== undefined && !validator.validateFunctionCall(callFunction).ok) return false;
  }
  return true;
}
