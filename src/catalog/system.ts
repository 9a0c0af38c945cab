/**
 * System functions: `@`-prefixed names that belong to no catalog and are available on every
 * surface (the protocol's "System Namespace Rule"). v1.0 defines one, `@index`.
 */
import { coerceToNumber } from './coerce';
import type { CatalogFunction, FunctionContext } from './types';

/** Whether a function name is in the system namespace (`@` prefix). */
export function isSystemFunctionName(name: string): boolean {
  return name.startsWith('@');
}

/**
 * `@index(offset?)`: the 0-based index of the template item being rendered, plus `offset`.
 * Outside a template (collection scope) it is an error, as the protocol requires.
 */
function indexFunction(args: Record<string, unknown>, context: FunctionContext): number {
  if (context.index === undefined) {
    throw new Error('@index is only available inside a list template (collection scope).');
  }
  const offset = args.offset === undefined ? 0 : coerceToNumber(args.offset);
  return context.index + offset;
}

/** The system functions by name, with definitions as common_types.json's IndexSystemFunction declares. */
export const SYSTEM_FUNCTIONS: Readonly<Record<string, CatalogFunction>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, CatalogFunction>, {
    '@index': Object.freeze({
      definition: Object.freeze({
        returnType: 'number',
        description: 'Returns the 0-based index of the current item when rendering a dynamic list from a template.',
        args: Object.freeze({
          type: 'object',
          properties: Object.freeze({
            offset: Object.freeze({ $ref: 'common_types.json#/$defs/DynamicNumber', default: 0 }),
          }),
          unevaluatedProperties: false,
        }),
      }),
      implementation: indexFunction,
    }),
  }),
);
