/**
 * Catalog schema checks for the processor: one validator per catalog (built on first use from the
 * catalog's JSON definition), shared by every session that uses the catalog.
 */
import type { Catalog } from '../catalog/types';
import { createComponentValidator, type ComponentValidator } from '../protocol/componentValidation';

const validators = new WeakMap<Catalog, ComponentValidator>();

function validatorOf(catalog: Catalog): ComponentValidator {
  let validator = validators.get(catalog);
  if (!validator) {
    validator = createComponentValidator(catalog.toJSON(), { unknownFunctions: 'agent' });
    validators.set(catalog, validator);
  }
  return validator;
}

/** Schema violations of a component against its type in `catalog` (paths into the component). */
export function checkComponentSchema(catalog: Catalog, component: object): Array<{ path: string; message: string }> {
  const result = validatorOf(catalog).validateComponent(component);
  return result.ok ? [] : result.errors;
}

/** Violations of a declared function's args (paths into the args object). */
export function checkFunctionArgs(catalog: Catalog, name: string, args: unknown): Array<{ path: string; message: string }> {
  const call: Record<string, unknown> = { call: name, args };
  const result = validatorOf(catalog).validateFunctionCall(call);
  if (result.ok) return [];
  // Violations come as pointers into the call; keep the part inside `args`.
  return result.errors.map((e) => ({ path: e.path.startsWith('/args') ? e.path.slice('/args'.length) : e.path, message: e.message }));
}
