/**
 * A component's *resolved* props (what `ResolvedNode.props` holds once bindings are read,
 * functions run and child ids placed as refs), read from its JSON Schema twice by one set of
 * rules: at run time as {@link PropType} data, which `isComponent` checks and
 * scripts/generate-component-types.ts writes for the basic and MCP catalogs; and at the type
 * level, for a catalog defined in TypeScript with literal schemas. The two must agree (or the type
 * be the wider), so a node that passes the run-time check has the inferred type.
 *
 * The rules: DynamicString → string, DynamicNumber → number, DynamicBoolean → boolean,
 * DynamicStringList → string[], Child / ComponentId → NodeRef | null (null when the slot holds no
 * component id), ChildList → NodeRef[], Action → Action (kept as sent); a local `#/$defs/…` ref is
 * followed; `allOf` is its first part (the others add constraints); `oneOf`/`anyOf` is the union
 * of its parts; string enums, `type`, arrays and objects by their schema; anything else
 * (DynamicValue, a binding, an unknown ref, a union with one) is unknown. `id`, `component`,
 * `catalogId` and `checks` are not props.
 */
import type { NodeRef } from '../model/tree';
import type { Action } from '../protocol/common';
import { hasOwn, isRecord } from '../util/records';
import type { ComponentPropTypes, PropType } from './componentTypes';
import type { Catalog } from './types';

const RESERVED = new Set(['id', 'component', 'catalogId', 'checks']);
// Deep enough for any catalog written by hand; recursive defs end here as unknown.
const MAX_DEPTH = 16;

function commonPropType(name: string): PropType | undefined {
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

/** The resolved type of one property schema; `defs` are the catalog's `$defs`. */
export function propTypeOf(schema: unknown, defs: Readonly<Record<string, unknown>>, depth = 0): PropType {
  if (!isRecord(schema) || depth > MAX_DEPTH) return 'unknown';
  if (typeof schema.$ref === 'string') {
    const local = /^#\/\$defs\/(.+)$/.exec(schema.$ref);
    if (local?.[1] !== undefined) return propTypeOf(hasOwn(defs, local[1]) ? defs[local[1]] : undefined, defs, depth + 1);
    return commonPropType(schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1)) ?? 'unknown';
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return propTypeOf(schema.allOf[0], defs, depth + 1);
  for (const key of ['oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts)) {
      const types = parts.map((part) => propTypeOf(part, defs, depth + 1));
      return types.includes('unknown') ? 'unknown' : { oneOf: types };
    }
  }
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string')) return { enum: schema.enum as string[] };
  if (Array.isArray(schema.type)) {
    const types = schema.type.map((type) => propTypeOf({ ...schema, type }, defs, depth + 1));
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
      return { array: propTypeOf(schema.items, defs, depth + 1) };
    case 'object': {
      if (isRecord(schema.properties)) {
        const properties: Record<string, PropType> = {};
        for (const [name, property] of Object.entries(schema.properties)) properties[name] = propTypeOf(property, defs, depth + 1);
        const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
        return { object: properties, required };
      }
      if (isRecord(schema.additionalProperties)) return { record: propTypeOf(schema.additionalProperties, defs, depth + 1) };
      return { record: 'unknown' };
    }
    default:
      return 'unknown';
  }
}

/** The resolved props of a component schema: its properties and required names, its `allOf` parts included. */
export function componentPropTypes(schema: unknown, defs: Readonly<Record<string, unknown>>): ComponentPropTypes {
  const object: Record<string, PropType> = {};
  const required: string[] = [];
  const visit = (part: unknown, depth: number) => {
    if (!isRecord(part) || depth > MAX_DEPTH) return;
    if (isRecord(part.properties)) {
      for (const [name, property] of Object.entries(part.properties)) {
        if (!RESERVED.has(name)) object[name] = propTypeOf(property, defs);
      }
    }
    if (Array.isArray(part.required)) {
      for (const name of part.required) if (typeof name === 'string' && !RESERVED.has(name)) required.push(name);
    }
    if (Array.isArray(part.allOf)) for (const inner of part.allOf) visit(inner, depth + 1);
  };
  visit(schema, 0);
  return { object, required };
}

const catalogPropTypes = new WeakMap<Catalog, Map<string, ComponentPropTypes>>();

/** The resolved prop types of a catalog's component, read once per catalog; undefined when it has none of that name. */
export function catalogComponentPropTypes(catalog: Catalog, component: string): ComponentPropTypes | undefined {
  if (!hasOwn(catalog.components, component)) return undefined;
  let perCatalog = catalogPropTypes.get(catalog);
  if (perCatalog === undefined) {
    perCatalog = new Map();
    catalogPropTypes.set(catalog, perCatalog);
  }
  let types = perCatalog.get(component);
  if (types === undefined) {
    types = componentPropTypes(catalog.components[component], catalog.defs ?? {});
    perCatalog.set(component, types);
  }
  return types;
}

// ---- The same rules at the type level. Each step mirrors a line of propTypeOf above; where a
// schema is not a literal (a `string`, a wide array) the type is unknown, never narrower than
// what the run-time check admits.

/** Recursion depth, counted as a tuple's length. */
type Depth = readonly unknown[];
type Deeper<D extends Depth> = readonly [unknown, ...D];
/** Lower than MAX_DEPTH: stopping early only widens a type to unknown. */
type TypeDepthLimit = 10;

type CommonType<Name extends string> = Name extends 'DynamicString'
  ? string
  : Name extends 'DynamicNumber'
    ? number
    : Name extends 'DynamicBoolean'
      ? boolean
      : Name extends 'DynamicStringList'
        ? string[]
        : Name extends 'Child' | 'ComponentId'
          ? NodeRef | null
          : Name extends 'ChildList'
            ? NodeRef[]
            : Name extends 'Action'
              ? Action
              : unknown;

type LastSegment<S extends string> = S extends `${string}/${infer Rest}` ? LastSegment<Rest> : S;

type RefType<Ref extends string, Defs, D extends Depth> = string extends Ref
  ? unknown
  : Ref extends `#/$defs/${infer Name}`
    ? Name extends '' ? unknown : Name extends keyof Defs ? PropTypeOfSchema<Defs[Name], Defs, Deeper<D>> : unknown
    : CommonType<LastSegment<Ref>>;

/** The union of the resolved types of a list of schemas. */
type UnionType<Parts extends readonly unknown[], Defs, D extends Depth> = {
  [K in keyof Parts]: PropTypeOfSchema<Parts[K], Defs, Deeper<D>>;
}[number];

type AllOfStep<S, Defs, D extends Depth> = S extends { readonly allOf: infer Parts }
  ? Parts extends readonly [infer First, ...unknown[]]
    ? PropTypeOfSchema<First, Defs, Deeper<D>>
    : Parts extends readonly []
      ? OneOfStep<S, Defs, D>
      : Parts extends readonly unknown[]
        ? unknown // a list of unknown length: which part comes first is not known
        : OneOfStep<S, Defs, D>
  : OneOfStep<S, Defs, D>;

type OneOfStep<S, Defs, D extends Depth> = S extends { readonly oneOf: infer Parts }
  ? Parts extends readonly unknown[]
    ? UnionType<Parts, Defs, D>
    : AnyOfStep<S, Defs, D>
  : AnyOfStep<S, Defs, D>;

type AnyOfStep<S, Defs, D extends Depth> = S extends { readonly anyOf: infer Parts }
  ? Parts extends readonly unknown[]
    ? UnionType<Parts, Defs, D>
    : EnumStep<S, Defs, D>
  : EnumStep<S, Defs, D>;

type EnumStep<S, Defs, D extends Depth> = S extends { readonly enum: infer Values }
  ? Values extends readonly string[]
    ? Values[number]
    : Values extends readonly (infer Value)[]
      ? string extends Value
        ? unknown // values not known: the run-time check may see only strings
        : TypeStep<S, Defs, D>
      : TypeStep<S, Defs, D>
  : TypeStep<S, Defs, D>;

type TypeStep<S, Defs, D extends Depth> = S extends { readonly type: infer T }
  ? T extends readonly unknown[]
    ? { [K in keyof T]: TypeKeyword<T[K], S, Defs, Deeper<D>> }[number]
    : TypeKeyword<T, S, Defs, D>
  : unknown;

type TypeKeyword<T, S, Defs, D extends Depth> = string extends T
  ? unknown
  : T extends 'string'
    ? string
    : T extends 'number' | 'integer'
      ? number
      : T extends 'boolean'
        ? boolean
        : T extends 'array'
          ? Array<S extends { readonly items: infer Items } ? PropTypeOfSchema<Items, Defs, Deeper<D>> : unknown>
          : T extends 'object'
            ? ObjectType<S, Defs, D>
            : unknown;

type ObjectType<S, Defs, D extends Depth> = S extends { readonly properties: infer Properties }
  ? IsSchema<Properties> extends true
    ? WithRequired<{ -readonly [K in keyof Properties]: PropTypeOfSchema<Properties[K], Defs, Deeper<D>> }, RequiredNames<S>>
    : AdditionalType<S, Defs, D>
  : AdditionalType<S, Defs, D>;

type AdditionalType<S, Defs, D extends Depth> = S extends { readonly additionalProperties: infer Additional }
  ? IsSchema<Additional> extends true
    ? Record<string, PropTypeOfSchema<Additional, Defs, Deeper<D>>>
    : Record<string, unknown>
  : Record<string, unknown>;

/** Whether a type is a JSON Schema object (not an array, not a boolean). */
type IsSchema<S> = S extends readonly unknown[] ? false : S extends object ? true : false;

/** The names a schema's `required` lists; `string` when the list is not a literal. */
type RequiredNames<S> = S extends { readonly required: infer Names }
  ? Names extends readonly (infer Name)[]
    ? string extends Name ? string : Extract<Name, string>
    : never
  : never;

/**
 * An object of the required keys and the optional others; when which keys are required is not
 * known (`string`), every key is optional, which the run-time check admits whatever the list.
 */
type WithRequired<Props, Required> = Simplify<
  string extends Required
    ? { -readonly [K in keyof Props]?: Props[K] }
    : { -readonly [K in keyof Props as K extends Required ? K : never]: Props[K] } & {
        -readonly [K in keyof Props as K extends Required ? never : K]?: Props[K];
      }
>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The resolved type of one property schema (a literal JSON Schema type), `Defs` being the catalog's `$defs`. */
export type PropTypeOfSchema<S, Defs = {}, D extends Depth = []> = D['length'] extends TypeDepthLimit
  ? unknown
  : IsSchema<S> extends true
    ? S extends { readonly $ref: infer Ref }
      ? Ref extends string
        ? RefType<Ref, Defs, D>
        : AllOfStep<S, Defs, D>
      : AllOfStep<S, Defs, D>
    : unknown;

/** `B`'s keys over `A`'s: a later `allOf` part's property replaces an earlier one. */
type Merge<A, B> = Omit<A, keyof B> & B;

/** The property schemas a component schema declares, its `allOf` parts' after its own; null when not known. */
type DeclaredProperties<S, D extends Depth> = D['length'] extends TypeDepthLimit
  ? null
  : IsSchema<S> extends true
    ? OwnProperties<S> extends infer Own
      ? S extends { readonly allOf: infer Parts }
        ? Parts extends readonly unknown[]
          ? PartsProperties<Parts, Deeper<D>> extends infer Inner
            ? Inner extends null ? null : Merge<Own, Inner>
            : never
          : Own
        : Own
      : never
    : {};

type OwnProperties<S> = S extends { readonly properties: infer Properties }
  ? IsSchema<Properties> extends true
    ? { [K in keyof Properties as K extends 'id' | 'component' | 'catalogId' | 'checks' ? never : K]: Properties[K] }
    : {}
  : {};

type PartsProperties<Parts extends readonly unknown[], D extends Depth> = Parts extends readonly []
  ? {}
  : Parts extends readonly [infer First, ...infer Rest]
    ? DeclaredProperties<First, D> extends infer Head
      ? Head extends null
        ? null
        : PartsProperties<Rest, D> extends infer Tail
          ? Tail extends null ? null : Merge<Head, Tail>
          : never
      : never
    : null; // a list of unknown length: a part not known may replace any property

/** The required names of a component schema and its `allOf` parts. */
type DeclaredRequired<S, D extends Depth> = D['length'] extends TypeDepthLimit
  ? string
  : IsSchema<S> extends true
    ?
        | RequiredNames<S>
        | (S extends { readonly allOf: infer Parts }
            ? Parts extends readonly (infer Part)[]
              ? DeclaredRequired<Part, Deeper<D>>
              : never
            : never)
    : never;

/**
 * The resolved props of a component, inferred from its JSON Schema when that is a literal (`as
 * const`, or written inline in `defineCatalog`); `Record<string, unknown>` when the schema is not
 * known or declares no properties. `Defs` are the catalog's `$defs`.
 * @example type CardProps = InferComponentProps<{ type: 'object'; properties: { title: { $ref: '…/common_types.json#/$defs/DynamicString' } }; required: ['title'] }>;
 */
export type InferComponentProps<S, Defs = {}> = DeclaredProperties<S, []> extends infer Properties
  ? Properties extends null
    ? Record<string, unknown>
    : [keyof Properties] extends [never]
      ? Record<string, unknown>
      : string extends keyof Properties
        ? Record<string, unknown>
        : WithRequired<
            { [K in keyof Properties]: PropTypeOfSchema<Properties[K], Defs> },
            Exclude<DeclaredRequired<S, []>, 'id' | 'component' | 'catalogId' | 'checks'>
          >
  : never;

/**
 * The resolved props of each component of a catalog definition's `components`, by name; every
 * name, each with `Record<string, unknown>`, when the components are not a literal.
 */
export type InferCatalogProps<Components, Defs = {}> = string extends keyof Components
  ? Record<string, Record<string, unknown>>
  : { [Name in keyof Components & string]: InferComponentProps<Components[Name], Defs> };

/** Where a typed catalog keeps its component props map: a type only, never a value. */
declare const componentPropsKey: unique symbol;

/**
 * A catalog that knows its components' resolved props at the type level: what `defineCatalog`
 * returns. `isComponent(node, name, catalog)` narrows to them, and the React component map can
 * be typed by them (`CatalogNodeComponents`).
 */
export interface TypedCatalog<Props extends Record<string, object> = Record<string, Record<string, unknown>>> extends Catalog {
  /** Never set at run time: carries `Props` for the type checker. */
  readonly [componentPropsKey]?: Props;
}

/** The resolved props of each component of a catalog, by name; every name with `Record<string, unknown>` for a catalog typed only as `Catalog`. */
export type CatalogComponentProps<C extends Catalog> = C extends { readonly [componentPropsKey]?: infer Props }
  ? unknown extends Props
    ? Record<string, Record<string, unknown>>
    : Exclude<Props, undefined>
  : Record<string, Record<string, unknown>>;

/** A component name of a catalog (`string` for a catalog typed only as `Catalog`). */
export type CatalogComponentName<C extends Catalog> = keyof CatalogComponentProps<C> & string;
