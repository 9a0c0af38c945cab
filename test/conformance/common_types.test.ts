/**
 * core/common_types.yaml (actions common_types_schema, validate_common_type): the v1.0 common
 * types as this package has them.
 *
 * Mapping:
 * - common_types_schema: the package's common_types.json is the embedded COMMON_TYPES_SCHEMA (what
 *   catalog component schemas are validated against); it must equal the case's file. Case paths
 *   `specification/v1_0/…` are spec/v1_0/… of the fixtures.
 * - validate_common_type: a definition is the zod schema of the same name that our parser checks
 *   wire messages with (DEFINITIONS below); a step's value is valid when safeParse succeeds, and a
 *   ValidationError is a failed safeParse (our parser turns it into INVALID_MESSAGE).
 */
import type * as z from 'zod/mini';
import {
  COMMON_TYPES_SCHEMA,
  ComponentCommonSchema,
  DynamicValueSchema,
  ExtensionsSchema,
  FunctionResponseSchema,
  IndexSystemFunctionSchema,
  SurfaceComponentSchema,
} from '../../src/protocol';
import { codesOfCategory, expectedErrorOf } from './mapping';
import { loadSuite, readFixtureJson, runSuite, type ConformanceCase } from './suite';

const cases = loadSuite('core/common_types.yaml');

const DEFINITIONS: Record<string, z.ZodMiniType> = {
  Extensions: ExtensionsSchema,
  ComponentCommon: ComponentCommonSchema,
  FunctionResponse: FunctionResponseSchema,
  IndexSystemFunction: IndexSystemFunctionSchema,
  Surface: SurfaceComponentSchema,
  DynamicValue: DynamicValueSchema,
};

function sharedSpecPath(casePath: string): string {
  if (!casePath.startsWith('specification/v1_0/')) throw new Error(`${casePath} is not a v1.0 specification file`);
  return `spec/${casePath.slice('specification/'.length)}`;
}

function run(c: ConformanceCase): void {
  if (c.action === 'common_types_schema') {
    expect(COMMON_TYPES_SCHEMA).toEqual(readFixtureJson(sharedSpecPath(c.expectFile as string)));
    return;
  }
  expect(c.action).toBe('validate_common_type');
  const schema = DEFINITIONS[c.definition as string];
  if (schema === undefined) throw new Error(`no schema mapped for ${String(c.definition)}`);
  for (const step of c.steps as Array<Record<string, unknown>>) {
    const parsed = schema.safeParse(step.value);
    const expected = expectedErrorOf(step);
    if (expected?.category !== undefined) expect(codesOfCategory(expected.category)).toContain('INVALID_MESSAGE');
    expect({ value: step.value, valid: parsed.success }).toEqual({ value: step.value, valid: expected === undefined });
  }
}

const V09 = 'the v0.9 / v0.9.1 common types: not in the vendored fixtures, and this package embeds the v1.0 common_types.json only';

const known: Record<string, string> = {
  test_v09_common_types_schema_matches_specification: V09,
  test_v091_common_types_schema_matches_specification: V09,
};

runSuite('common_types', cases, run, { known });
