/**
 * Checking a call's arguments against the args schema of its function definition, at evaluation
 * time. Deliberately simple and lenient where the schema describes the wire form rather than the
 * value: a property typed by a `$ref` (DynamicString, DynamicNumber…) may arrive as a path or a
 * call, and the implementation coerces what it gets, so only literal-typed properties are
 * type-checked. Required arguments are checked on the call as written, so a path that resolves
 * to nothing (data not arrived yet) does not count as a missing argument.
 */
import type { JsonSchema } from '../catalog/types';
import { hasOwn, isRecord } from '../util/records';

/** The problems of a call's arguments, as short sentences; empty when they fit the schema. */
export function argumentProblems(schema: JsonSchema | undefined, written: Record<string, unknown>, evaluated: Record<string, unknown>): string[] {
  if (!isRecord(schema)) return [];
  const problems: string[] = [];
  const properties = isRecord(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) {
      if (typeof name === 'string' && !hasOwn(written, name)) problems.push(`missing required argument '${name}'`);
    }
  }
  const closed = schema.additionalProperties === false || schema.unevaluatedProperties === false;
  for (const name of Object.keys(written)) {
    if (!hasOwn(properties, name)) {
      if (closed) problems.push(`unknown argument '${name}'`);
      continue;
    }
    const value = evaluated[name];
    if (value !== undefined) problems.push(...valueProblems(properties[name], value, `'${name}'`));
  }
  return problems;
}

function valueProblems(schema: unknown, value: unknown, label: string): string[] {
  if (!isRecord(schema) || schema.$ref !== undefined) return [];
  const problems: string[] = [];
  if (schema.type !== undefined && !matchesType(schema.type, value)) {
    return [`${label} must be ${describeType(schema.type)}, got ${jsonType(value)}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) {
    problems.push(`${label} must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`);
  }
  if ('const' in schema && !sameJson(schema.const, value)) problems.push(`${label} must be ${JSON.stringify(schema.const)}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${label} must be at least ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${label} must be at most ${schema.maximum}`);
  }
  if (typeof value === 'string') {
    const size = Array.from(value).length;
    if (typeof schema.minLength === 'number' && size < schema.minLength) problems.push(`${label} must have at least ${schema.minLength} characters`);
    if (typeof schema.maxLength === 'number' && size > schema.maxLength) problems.push(`${label} must have at most ${schema.maxLength} characters`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) problems.push(`${label} must have at least ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) problems.push(`${label} must have at most ${schema.maxItems} items`);
    if (isRecord(schema.items)) {
      value.forEach((item, index) => problems.push(...valueProblems(schema.items, item, `${label}[${index}]`)));
    }
  }
  return problems;
}

function matchesType(type: unknown, value: unknown): boolean {
  if (Array.isArray(type)) return type.some((option) => matchesType(option, value));
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return true;
  }
}

function describeType(type: unknown): string {
  if (Array.isArray(type)) return type.map(describeType).join(' or ');
  return type === 'array' || type === 'object' || type === 'integer' ? `an ${type}` : `a ${String(type)}`;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'an integer';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false; // a cyclic value returned by some implementation equals no schema constant
  }
}
