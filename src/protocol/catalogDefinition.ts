/**
 * Zod schemas for catalog definitions (catalog_definition.json). Component and argument schemas
 * are JSON Schema documents; here they are only required to be objects, not checked against the
 * JSON Schema meta-schema (the component validator reports a schema it cannot use).
 */
import * as z from 'zod/mini';
import { MetadataSchema } from './common';

// Schemas are built at load; /* @__PURE__ */ lets a bundle that never reads one drop it.

/** A JSON Schema document: an object or a boolean. */
export const JsonSchemaDocumentSchema = /* @__PURE__ */ z.union([/* @__PURE__ */ z.boolean(), /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown())]);
/** A JSON Schema document. */
export type JsonSchemaDocument = z.infer<typeof JsonSchemaDocumentSchema>;

const uniqueStrings = /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()).check(/* @__PURE__ */ z.refine((items) => new Set(items).size === items.length, {
  error: 'items must be unique',
}));

/** A component's JSON Schema plus its composition constraints. */
export const ComponentDefinitionSchema = /* @__PURE__ */ z.looseObject({
  allowedParents: /* @__PURE__ */ z.optional(uniqueStrings),
  allowedChildren: /* @__PURE__ */ z.optional(uniqueStrings),
  metadata: /* @__PURE__ */ z.optional(MetadataSchema),
});
/** A catalog component definition. */
export type ComponentDefinition = z.infer<typeof ComponentDefinitionSchema>;

/** What a function returns. */
export const FunctionReturnTypeSchema = /* @__PURE__ */ z.enum([
  'string',
  'number',
  'boolean',
  'array',
  'object',
  'validationResult',
  'any',
  'void',
]);

/** Who may call a function. */
export const AllowedCallersSchema = /* @__PURE__ */ z.enum(['rendererOnly', 'agentOnly', 'rendererOrAgent']);

/**
 * A function's call schema (`{ type: 'object', properties: { call: { const }, args? }, required }`)
 * plus its interface metadata. The spec's `if requiresUserActivation then rendererOnly` is read as
 * intended: it applies only when requiresUserActivation is true (the JSON schema's `if` also
 * matches when the key is absent, which would forbid agent-callable functions without it).
 */
export const FunctionDefinitionSchema = /* @__PURE__ */ z
  .strictObject({
    type: /* @__PURE__ */ z.literal('object'),
    description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
    properties: /* @__PURE__ */ z.strictObject({
      call: /* @__PURE__ */ z.looseObject({ const: /* @__PURE__ */ z.string() }),
      args: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown())),
    }),
    required: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()).check(/* @__PURE__ */ z.refine((keys) => keys.includes('call'), { error: 'must contain "call"' })),
    returnType: FunctionReturnTypeSchema,
    allowedCallers: /* @__PURE__ */ z.optional(AllowedCallersSchema),
    requiresUserActivation: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
  })
  .check(/* @__PURE__ */ z.refine((fn) => fn.requiresUserActivation !== true || (fn.allowedCallers ?? 'rendererOnly') === 'rendererOnly', {
    error: 'a function that requires user activation can only be rendererOnly',
    path: ['allowedCallers'],
  }));
/** A catalog function definition as catalog.json writes it. */
export type FunctionDefinition = z.infer<typeof FunctionDefinitionSchema>;

/** SemVer-like protocol version of a catalog, e.g. `1.0`. */
const ProtocolVersionSchema = /* @__PURE__ */ z
  .string()
  .check(/* @__PURE__ */ z.regex(
    /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:\.(0|[1-9][0-9]*))?(?:-((?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/,
    { error: 'must be a version like "1.0" or "1.0.2"' },
  ));

/** A catalog: components (never `Surface`) and functions, with the `anyComponent`/`anyFunction` unions. */
export const CatalogDefinitionSchema = /* @__PURE__ */ z.strictObject({
  $schema: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  $id: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  protocolVersion: /* @__PURE__ */ z.optional(ProtocolVersionSchema),
  $defs: /* @__PURE__ */ z.optional(/* @__PURE__ */ z
    .strictObject({ anyComponent: JsonSchemaDocumentSchema, anyFunction: JsonSchemaDocumentSchema })),
  title: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  description: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  catalogId: /* @__PURE__ */ z.string(),
  instructions: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  components: /* @__PURE__ */ z.optional(/* @__PURE__ */ z
    .record(
      /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.refine((name) => name !== 'Surface', { error: '"Surface" is reserved and cannot be defined by a catalog' })),
      ComponentDefinitionSchema,
    )),
  functions: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), FunctionDefinitionSchema)),
});
/** A catalog definition. */
export type CatalogDefinition = z.infer<typeof CatalogDefinitionSchema>;

/** The result a check condition evaluates to. */
export const ValidationResultSchema = /* @__PURE__ */ z.looseObject({
  valid: /* @__PURE__ */ z.boolean(),
  code: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  message: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  severity: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['error', 'warning', 'info'])),
});
/** The result of a check: valid, or a message and severity. */
export type ValidationResult = z.infer<typeof ValidationResultSchema>;
