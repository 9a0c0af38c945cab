/**
 * Resolved prop types as plain data: what scripts/generate-component-types.ts writes for each
 * component of a catalog, and the check of a resolved value against one. The resolver keeps
 * whatever a binding reads (and lenient validation keeps components that fail their schema), so a
 * node's props match their declared types only when this check says so.
 */
import { isPlainObject } from '../util/records';

/** The type of one resolved prop. `ref`: a node ref or null; `refs`: a list of node refs. */
export type PropType =
  | 'string'
  | 'number'
  | 'boolean'
  | 'ref'
  | 'refs'
  | 'action'
  | 'unknown'
  | { enum: string[] }
  | { oneOf: PropType[] }
  | { array: PropType }
  | { record: PropType }
  | { object: Record<string, PropType>; required: string[] };

/** The resolved props of one component: each property's type, and those always present. */
export interface ComponentPropTypes {
  object: Record<string, PropType>;
  required: string[];
}

/** A catalog's components and their resolved prop types. */
export interface ComponentTypes<Name extends string> {
  catalogId: string;
  components: Record<Name, ComponentPropTypes>;
}

/** Whether a resolved value has a type. */
export function matchesPropType(value: unknown, type: PropType): boolean {
  if (typeof type === 'string') {
    switch (type) {
      case 'string':
        return typeof value === 'string';
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'ref':
        return value === null || typeof value === 'string';
      case 'refs':
        return Array.isArray(value) && value.every((item) => typeof item === 'string');
      case 'action':
        return isPlainObject(value);
      case 'unknown':
        return true;
    }
  }
  if ('enum' in type) return typeof value === 'string' && type.enum.includes(value);
  if ('oneOf' in type) return type.oneOf.some((part) => matchesPropType(value, part));
  if ('array' in type) return Array.isArray(value) && value.every((item) => matchesPropType(item, type.array));
  if ('record' in type) return isPlainObject(value) && Object.values(value).every((item) => matchesPropType(item, type.record));
  return isPlainObject(value) && matchesProps(value, type);
}

/**
 * Whether an object has a value for every required key and each known key holds its type; an
 * optional key may be absent or undefined, and other keys are allowed.
 */
export function matchesProps(props: Record<string, unknown>, types: ComponentPropTypes): boolean {
  for (const name of types.required) if (!Object.hasOwn(props, name) || props[name] === undefined) return false;
  for (const [name, type] of Object.entries(types.object)) {
    if (Object.hasOwn(props, name) && props[name] !== undefined && !matchesPropType(props[name], type)) return false;
  }
  return true;
}
