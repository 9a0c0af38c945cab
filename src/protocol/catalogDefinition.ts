/**
 * Zod schemas for catalog definitions (catalog_definition.json). Component and argument schemas
 * are JSON Schema documents; here they are only required to be objects, not checked against the
 * JSON Schema meta-schema (the component validator reports a schema it cannot use).
 */
import * as z from 'zod/mini';
import { MetadataSchema } from './common';

/** A JSON Schema document: an object or a boolean. */
export const JsonSchemaDocumentSchema = z.union([z.boolean(), z.record(z.string(), z.unknown())]);
/** A JSON Schema document. */
export type JsonSchemaDocument = z.infer<typeof JsonSchemaDocumentSchema>;

const uniqueStrings = z.array(z.string()).check(z.refine((items) => new Set(items).size === items.length, {
  error: 'items must be unique',
}));

/** A component's JSON Schema plus its composition constraints. */
export const ComponentDefinitionSchema = z.looseObject({
  allowedParents: z.optional(uniqueStrings),
  allowedChildren: z.optional(uniqueStrings),
  metadata: z.optional(MetadataSchema),
});
/** A catalog component definition. */
export type ComponentDefinition = z.infer<typeof ComponentDefinitionSchema>;

/** What a function returns. */
export const FunctionReturnTypeSchema = z.enum([
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
export const AllowedCallersSchema = z.enum(['rendererOnly', 'agentOnly', 'rendererOrAgent']);

/**
 * A function's call schema (`{ type: 'object', properties: { call: { const }, args? }, required }`)
 * plus its interface metadata. The spec's `if requiresUserActivation then rendererOnly` is read as
 * intended: it applies only when requiresUserActivation is true (the JSON schema's `if` also
 * matches when the key is absent, which would forbid agent-callable functions without it).
 */
export const FunctionDefinitionSchema = z
  .strictObject({
    type: z.literal('object'),
    description: z.optional(z.string()),
    properties: z.strictObject({
      call: z.looseObject({ const: z.string() }),
      args: z.optional(z.record(z.string(), z.unknown())),
    }),
    required: z.array(z.string()).check(z.refine((keys) => keys.includes('call'), { error: 'must contain "call"' })),
    returnType: FunctionReturnTypeSchema,
    allowedCallers: z.optional(AllowedCallersSchema),
    requiresUserActivation: z.optional(z.boolean()),
  })
  .check(z.refine((fn) => fn.requiresUserActivation !== true || (fn.allowedCallers ?? 'rendererOnly') === 'rendererOnly', {
    error: 'a function that requires user activation can only be rendererOnly',
    path: ['allowedCallers'],
  }));
/** A catalog function definition as catalog.json writes it. */
export type FunctionDefinition = z.infer<typeof FunctionDefinitionSchema>;

/** SemVer-like protocol version of a catalog, e.g. `1.0`. */
const ProtocolVersionSchema = z
  .string()
  .check(z.regex(
    /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:\.(0|[1-9][0-9]*))?(?:-((?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/,
    { error: 'must be a version like "1.0" or "1.0.2"' },
  ));

/** A catalog: components (never `Surface`) and functions, with the `anyComponent`/`anyFunction` unions. */
export const CatalogDefinitionSchema = z.strictObject({
  $schema: z.optional(z.string()),
  $id: z.optional(z.string()),
  protocolVersion: z.optional(ProtocolVersionSchema),
  $defs: z.optional(z
    .strictObject({ anyComponent: JsonSchemaDocumentSchema, anyFunction: JsonSchemaDocumentSchema })),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  catalogId: z.string(),
  instructions: z.optional(z.string()),
  components: z.optional(z
    .record(
      z.string().check(z.refine((name) => name !== 'Surface', { error: '"Surface" is reserved and cannot be defined by a catalog' })),
      ComponentDefinitionSchema,
    )),
  functions: z.optional(z.record(z.string(), FunctionDefinitionSchema)),
});
/** A catalog definition. */
export type CatalogDefinition = z.infer<typeof CatalogDefinitionSchema>;

/** The result a check condition evaluates to. */
export const ValidationResultSchema = z.looseObject({
  valid: z.boolean(),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
  severity: z.optional(z.enum(['error', 'warning', 'info'])),
});
/** The result of a check: valid, or a message and severity. */
export type ValidationResult = z.infer<typeof ValidationResultSchema>;
