/**
 * Advice on a catalog beyond validity, for agent developers writing their own: accessibility
 * (the protocol asks catalog linters to check that components taking actions or input declare a
 * label), unused `$defs`, functions nothing can call, and descriptions missing where an LLM reads
 * the catalog. Pure; never throws.
 */
import type { CatalogFinding } from './problems';
import type { Catalog } from './types';
import { commonTypeName, escape, validateCatalog } from './validate';

// Common types through which a component takes an action or an input with checks.
const INTERACTIVE_TYPES = new Set(['Action', 'Checkable', 'CheckRule']);
// Common types whose values may be FunctionCalls: the places a component can call a function.
const CALL_SITES = new Set(['DynamicValue', 'DynamicString', 'DynamicNumber', 'DynamicBoolean', 'DynamicStringList', 'FunctionCall', 'Action', 'CheckRule', 'Checkable']);
// Properties a renderer can name an interactive component by (its own text, or a child's).
const LABEL_PROPERTIES = new Set(['label', 'text', 'title', 'child', 'accessibility', 'ariaLabel', 'alt']);
const MAX_DEPTH = 64;

/**
 * Lints a catalog; findings of severity `error` are problems to fix (`a2ui-redux catalog lint`
 * exits 1 on them): what `validateCatalog` finds in its document, and interactive components
 * without an accessible-label path. `warning`: unused `$defs`, renderer functions no component
 * can call. `info`: missing descriptions of the catalog, its components and functions.
 *
 * @example
 * const errors = lintCatalog(myCatalog).filter((f) => f.severity === 'error');
 */
export function lintCatalog(catalog: Catalog): CatalogFinding[] {
  const document = catalog.toJSON();
  const findings: CatalogFinding[] = validateCatalog(document).problems.map((p) => ({ ...p, severity: 'error' as const }));
  const components = Object.entries(catalog.components);
  for (const [name, schema] of components) {
    const refs = commonRefs(schema);
    const interactive = [...refs].some((ref) => INTERACTIVE_TYPES.has(ref)) || propertyNames(schema).includes('action');
    if (interactive && !propertyNames(schema).some((property) => LABEL_PROPERTIES.has(property))) {
      findings.push({
        code: 'ACCESSIBLE_LABEL',
        severity: 'error',
        path: `/components/${escape(name)}`,
        message: `Component '${name}' takes actions or input but declares no label: add a property assistive technology can read (label, text, title or a child) so it is not announced unnamed.`,
      });
    }
  }
  findings.push(...unusedDefs(document));
  const callable = components.some(([, schema]) => [...commonRefs(schema)].some((ref) => CALL_SITES.has(ref)));
  for (const [name, fn] of Object.entries(catalog.functions)) {
    if (!callable && fn.definition.allowedCallers !== 'agentOnly') {
      findings.push({
        code: 'UNCALLABLE_FUNCTION',
        severity: 'warning',
        path: `/functions/${escape(name)}`,
        message: `Function '${name}' runs on the renderer, but no component of this catalog has a property that takes a function call (a Dynamic* value, an Action or checks).`,
      });
    }
    if (fn.definition.description === undefined || fn.definition.description.trim() === '') {
      findings.push(missingDescription(`/functions/${escape(name)}`, `Function '${name}'`));
    }
  }
  for (const [name, schema] of components) {
    if (typeof schema !== 'object' || typeof schema.description !== 'string' || schema.description.trim() === '') {
      findings.push(missingDescription(`/components/${escape(name)}`, `Component '${name}'`));
    }
  }
  if (catalog.description === undefined && catalog.instructions === undefined) {
    findings.push(missingDescription('', 'The catalog (neither description nor instructions)'));
  }
  return findings;
}

function missingDescription(path: string, what: string): CatalogFinding {
  return { code: 'MISSING_DESCRIPTION', severity: 'info', path, message: `${what} has no description; an LLM prompted with the catalog has only the name to go by.` };
}

/** `$defs` entries (besides anyComponent / anyFunction) that no `$ref` outside themselves names. */
function unusedDefs(document: Record<string, unknown>): CatalogFinding[] {
  const defs = document.$defs;
  if (typeof defs !== 'object' || defs === null) return [];
  const findings: CatalogFinding[] = [];
  for (const name of Object.keys(defs)) {
    if (name === 'anyComponent' || name === 'anyFunction') continue;
    const prefix = `#/$defs/${escape(name)}`;
    const used = refsOf(document, (at) => at.startsWith(`/$defs/${escape(name)}/`)).some((ref) => ref === prefix || ref.startsWith(`${prefix}/`));
    if (!used) findings.push({ code: 'UNUSED_DEF', severity: 'warning', path: `/$defs/${escape(name)}`, message: `'${name}' in $defs is not referred to.` });
  }
  return findings;
}

/** Every `$ref` string in a JSON value, skipping the subtrees `skip` names by pointer. */
function refsOf(value: unknown, skip: (at: string) => boolean, at = '', depth = 0): string[] {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || skip(`${at}/`)) return [];
  const refs: string[] = [];
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    if (key === '$ref' && typeof item === 'string') refs.push(item);
    else refs.push(...refsOf(item, skip, `${at}/${escape(key)}`, depth + 1));
  }
  return refs;
}

/** The common types a schema refers to (not following them). */
function commonRefs(schema: unknown): Set<string> {
  const names = new Set<string>();
  for (const ref of refsOf(schema, () => false)) {
    const name = commonTypeName(ref) ?? /^#\/\$defs\/anyComponent\/\$defs\/([^/]+)$/.exec(ref)?.[1];
    if (name !== undefined) names.add(name);
  }
  return names;
}

/** Property names of a component schema and of its inline allOf / anyOf / oneOf branches. */
function propertyNames(schema: unknown, depth = 0): string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || depth > MAX_DEPTH) return [];
  const record = schema as Record<string, unknown>;
  const names = typeof record.properties === 'object' && record.properties !== null ? Object.keys(record.properties) : [];
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const branches = record[keyword];
    if (Array.isArray(branches)) for (const branch of branches) names.push(...propertyNames(branch, depth + 1));
  }
  return names;
}
