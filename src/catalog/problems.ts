/**
 * What is wrong with a catalog document: problems found by `validateCatalog` (the document
 * against catalog_definition.json and the protocol's catalog rules) and findings of
 * `lintCatalog` (advice beyond validity). Plain data with closed sets of codes, so tools can
 * print them, filter them and send them as JSON.
 */
import * as z from 'zod/mini';

// Schemas are built at load; /* @__PURE__ */ lets a bundle that never reads one drop it.

/** Codes of `validateCatalog` problems. */
export const CatalogProblemCodeSchema = /* @__PURE__ */ z.enum([
  /** The document is not a JSON object. */
  'NOT_AN_OBJECT',
  /** `catalogId` is missing or not a non-empty string. */
  'MISSING_CATALOG_ID',
  /** A field has the wrong type or value (a non-string title, an unknown returnType, …). */
  'INVALID_FIELD',
  /** A key catalog_definition.json does not allow (a top-level `theme`, a function `parameters`, …). */
  'UNKNOWN_KEY',
  /** No `protocolVersion`: the document is a 0.9 catalog by catalog_definition.json's default. */
  'MISSING_PROTOCOL_VERSION',
  /** A `protocolVersion` that is not a 1.x version (or not a version at all). */
  'UNSUPPORTED_PROTOCOL_VERSION',
  /** A `$defs` entry other than `anyComponent` / `anyFunction` (a helper definition). */
  'HELPER_DEF',
  /** `$defs` without `anyComponent` or `anyFunction`. */
  'MISSING_DEF',
  /** A component or function that is not a JSON Schema object. */
  'INVALID_SCHEMA',
  /** A component, function, property or argument name that is not a UAX #31 identifier. */
  'INVALID_NAME',
  /** A reserved name: the component `Surface`, a function in the `@` namespace. */
  'RESERVED_NAME',
  /** A component without a required `component` property whose `const` is its own name. */
  'COMPONENT_DISCRIMINATOR',
  /** A component wrapping `ComponentCommon`, which the message envelope composes already. */
  'COMPONENT_COMMON_WRAPPED',
  /** A function that is not the JSON Schema of its FunctionCall (`properties.call`, `required`). */
  'FUNCTION_SHAPE',
  /** A function whose `call` const is not the name it is defined under. */
  'CALL_MISMATCH',
  /** A function without `returnType`. */
  'MISSING_RETURN_TYPE',
  /** `requiresUserActivation: true` on a function other callers than the renderer may call. */
  'USER_ACTIVATION_CALLERS',
  /** A `$ref` to neither a common type nor a place in the document itself. */
  'REF_TARGET',
]);
/** One of the codes of `validateCatalog` problems. */
export type CatalogProblemCode = z.infer<typeof CatalogProblemCodeSchema>;

/** One problem of a catalog document: where (a JSON Pointer into the document) and what. */
export const CatalogProblemSchema = /* @__PURE__ */ z.strictObject({
  code: CatalogProblemCodeSchema,
  /** JSON Pointer into the document ('' for the document itself). */
  path: /* @__PURE__ */ z.string(),
  message: /* @__PURE__ */ z.string(),
});
/** One problem of a catalog document: where (a JSON Pointer) and what. */
export type CatalogProblem = z.infer<typeof CatalogProblemSchema>;

/**
 * Whether a `lenient` load can still use a document with this problem. Wrong names, reserved
 * names and wrong field types make a catalog unusable; the rest are departures from the document
 * format that the loader can read past (an unknown key is dropped, a missing returnType is `any`,
 * …). An agent-callable function that needs a user gesture loads leniently because the session
 * refuses every call to it made without one, whoever the caller.
 */
export const CATALOG_PROBLEM_BLOCKS_LOADING: Readonly<Record<CatalogProblemCode, boolean>> = {
  NOT_AN_OBJECT: true,
  MISSING_CATALOG_ID: true,
  INVALID_FIELD: true,
  UNKNOWN_KEY: false,
  MISSING_PROTOCOL_VERSION: false,
  UNSUPPORTED_PROTOCOL_VERSION: false,
  HELPER_DEF: false,
  MISSING_DEF: false,
  INVALID_SCHEMA: true,
  INVALID_NAME: true,
  RESERVED_NAME: true,
  COMPONENT_DISCRIMINATOR: false,
  COMPONENT_COMMON_WRAPPED: false,
  FUNCTION_SHAPE: false,
  CALL_MISMATCH: false,
  MISSING_RETURN_TYPE: false,
  USER_ACTIVATION_CALLERS: false,
  REF_TARGET: false,
};

/** Codes of `lintCatalog` findings. */
export const CatalogLintCodeSchema = /* @__PURE__ */ z.enum([
  /** An interactive component (it takes an action or checks input) with no required label. */
  'ACCESSIBLE_LABEL',
  /** A `$defs` entry nothing refers to. */
  'UNUSED_DEF',
  /** A renderer function no component can call: no component takes an action or a dynamic value. */
  'UNCALLABLE_FUNCTION',
  /** A catalog, component or function an LLM is prompted with has no description. */
  'MISSING_DESCRIPTION',
]);
/** One of the codes of `lintCatalog` findings. */
export type CatalogLintCode = z.infer<typeof CatalogLintCodeSchema>;

/** Severity of a finding: `error` fails `catalog lint`; `warning` and `info` do not. */
export const FindingSeveritySchema = /* @__PURE__ */ z.enum(['error', 'warning', 'info']);
/** How much a lint finding matters: 'error', 'warning' or 'info'. */
export type FindingSeverity = z.infer<typeof FindingSeveritySchema>;

/**
 * One finding of `lintCatalog`: a lint code, or a `validateCatalog` problem code (a catalog
 * built in code is linted for validity too; those findings are errors).
 */
export const CatalogFindingSchema = /* @__PURE__ */ z.strictObject({
  code: /* @__PURE__ */ z.union([CatalogLintCodeSchema, CatalogProblemCodeSchema]),
  severity: FindingSeveritySchema,
  path: /* @__PURE__ */ z.string(),
  message: /* @__PURE__ */ z.string(),
});
/** One finding of `lintCatalog`: code, severity, where and what. */
export type CatalogFinding = z.infer<typeof CatalogFindingSchema>;
