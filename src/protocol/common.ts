/**
 * Zod schemas for the v1.0 common types (common_types.json). The JSON schema ties FunctionCall to
 * a catalog (`catalog.json#/$defs/anyFunction`); here a FunctionCall is catalog-agnostic (a name,
 * an optional catalogId and arguments that are dynamic values). Checking arguments against a
 * catalog's function schemas is a separate step (see componentValidation.ts).
 */
import * as z from 'zod/mini';

// Schemas are built at load; /* @__PURE__ */ lets a bundle that never reads one drop it.

/** The A2UI protocol version this package speaks. */
export const A2UI_VERSION = 'v1.0' as const;

/** The `version` field of every v1.0 message. */
export const VersionSchema = /* @__PURE__ */ z.literal(A2UI_VERSION);

/** The id of a component within a surface. */
export const ComponentIdSchema = /* @__PURE__ */ z.string();
/** A component id. */
export type ComponentId = z.infer<typeof ComponentIdSchema>;

/** The id that correlates a function call with its response. */
export const CallIdSchema = /* @__PURE__ */ z.string();
/** A function call id. */
export type CallId = z.infer<typeof CallIdSchema>;

/** Extension keys are Unicode identifiers (UAX #31), as in the spec's `patternProperties`. */
export const EXTENSION_KEY_PATTERN = /^[\p{XID_Start}_][\p{XID_Continue}]*$/u;

/** Vendor extension metadata: identifier keys, any values. */
export const ExtensionsSchema = /* @__PURE__ */ z.record(
  /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.regex(EXTENSION_KEY_PATTERN, {
    error: 'must be a Unicode identifier (UAX #31): a letter or "_", then letters, digits, marks or "_"',
  })),
  /* @__PURE__ */ z.unknown(),
);
/** Vendor extension metadata. */
export type Extensions = z.infer<typeof ExtensionsSchema>;

/** `metadata` objects (surface, component, action) hold only `extensions`. */
export const MetadataSchema = /* @__PURE__ */ z.strictObject({ extensions: /* @__PURE__ */ z.optional(ExtensionsSchema) });
/** A `metadata` object. */
export type Metadata = z.infer<typeof MetadataSchema>;

/** A JSON Pointer into the data model: `{ "path": "/user/name" }`. */
export const DataBindingSchema = /* @__PURE__ */ z.strictObject({ path: /* @__PURE__ */ z.string() });
/** A data binding `{ path }`. */
export type DataBinding = z.infer<typeof DataBindingSchema>;

/**
 * Options for a refinement whose failure means "this is the wrong union branch" rather than
 * "this branch is nearly right": the issue chooser in issues.ts weighs such failures low, and
 * `abort` keeps zod from reporting only this branch (zod returns the lone branch whose issues
 * are all non-aborting refinements).
 */
export const DISCRIMINATOR_PARAMS = { discriminator: true } as const;

/** Name of a catalog function: any string except the system function `@index`. */
export const CatalogFunctionNameSchema = /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.refine((name) => name !== '@index', {
  error: '"@index" is the system function: it takes no catalogId and only an "offset" argument',
  params: DISCRIMINATOR_PARAMS,
  abort: true,
}));

/** `@index`: the 0-based index of the current template item, plus an optional offset. */
export const IndexSystemFunctionSchema = /* @__PURE__ */ z.strictObject({
  call: /* @__PURE__ */ z.literal('@index'),
  get args() {
    return z.optional(z.strictObject({ offset: z.optional(DynamicNumberSchema) }));
  },
});
/** A call to `@index`. */
export type IndexSystemFunction = z.infer<typeof IndexSystemFunctionSchema>;

/** A call to a function a catalog declares (or that falls back to the agent). */
export const CatalogFunctionCallSchema = /* @__PURE__ */ z.strictObject({
  call: CatalogFunctionNameSchema,
  catalogId: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  get args() {
    return z.optional(z.record(z.string(), z.union([DynamicValueSchema, z.null()])));
  },
});
/** A call to a catalog (or agent) function. */
export type CatalogFunctionCall = z.infer<typeof CatalogFunctionCallSchema>;

/** FunctionCall: the `@index` system function or a catalog function. */
export const FunctionCallSchema = /* @__PURE__ */ z.union([IndexSystemFunctionSchema, CatalogFunctionCallSchema]);
/** Any function call. */
export type FunctionCall = z.infer<typeof FunctionCallSchema>;

/** The common envelope of every function call: a name and an optional catalogId, other keys allowed. */
export const FunctionCommonSchema = /* @__PURE__ */ z.looseObject({ call: /* @__PURE__ */ z.string(), catalogId: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()) });
/** The common function-call envelope. */
export type FunctionCommon = z.infer<typeof FunctionCommonSchema>;

/** A literal object: any object that is neither a binding (`path`) nor a call (`call`). */
export const LiteralObjectSchema = /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown()).check(
  /* @__PURE__ */ z.refine((value) => !('path' in value) && !('call' in value), {
    error: 'an object with "path" must be a data binding and one with "call" a function call',
    params: DISCRIMINATOR_PARAMS,
    abort: true,
  }),
);

/** A literal of any JSON type (not null), a data binding or a function call. */
export const DynamicValueSchema = /* @__PURE__ */ z.union([
  /* @__PURE__ */ z.string(),
  /* @__PURE__ */ z.number(),
  /* @__PURE__ */ z.boolean(),
  /* @__PURE__ */ z.array(/* @__PURE__ */ z.unknown()),
  LiteralObjectSchema,
  DataBindingSchema,
  FunctionCallSchema,
]);
/** A dynamic value of any type. */
export type DynamicValue = z.infer<typeof DynamicValueSchema>;

/**
 * Arguments of a catalog function call: dynamic values (or null). The catalog's own function
 * schema decides which arguments exist; this only checks that bindings and nested calls are
 * well formed.
 */
export const FunctionArgsSchema = /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.union([DynamicValueSchema, /* @__PURE__ */ z.null()]));
/** Function arguments. */
export type FunctionArgs = z.infer<typeof FunctionArgsSchema>;

/** A string literal, a data binding or a function call. */
export const DynamicStringSchema = /* @__PURE__ */ z.union([/* @__PURE__ */ z.string(), DataBindingSchema, FunctionCallSchema]);
/** A dynamic string. */
export type DynamicString = z.infer<typeof DynamicStringSchema>;

/** A number literal, a data binding or a function call. */
export const DynamicNumberSchema = /* @__PURE__ */ z.union([/* @__PURE__ */ z.number(), DataBindingSchema, FunctionCallSchema]);
/** A dynamic number. */
export type DynamicNumber = z.infer<typeof DynamicNumberSchema>;

/** A boolean literal, a data binding or a function call. */
export const DynamicBooleanSchema = /* @__PURE__ */ z.union([/* @__PURE__ */ z.boolean(), DataBindingSchema, FunctionCallSchema]);
/** A dynamic boolean. */
export type DynamicBoolean = z.infer<typeof DynamicBooleanSchema>;

/** A literal list of strings, a data binding or a function call. */
export const DynamicStringListSchema = /* @__PURE__ */ z.union([/* @__PURE__ */ z.array(/* @__PURE__ */ z.string()), DataBindingSchema, FunctionCallSchema]);
/** A dynamic list of strings. */
export type DynamicStringList = z.infer<typeof DynamicStringListSchema>;

/** A single child reference. */
export const ChildSchema = ComponentIdSchema;
/** A single child reference. */
export type Child = z.infer<typeof ChildSchema>;

/** The template form of a child list: one component repeated for each item of a data list. */
export const ChildTemplateSchema = /* @__PURE__ */ z.strictObject({ componentId: ComponentIdSchema, path: /* @__PURE__ */ z.string() });
/** A child-list template. */
export type ChildTemplate = z.infer<typeof ChildTemplateSchema>;

/** Children: a static list of ids, or a template over a data list. */
export const ChildListSchema = /* @__PURE__ */ z.union([/* @__PURE__ */ z.array(ComponentIdSchema), ChildTemplateSchema]);
/** Children: ids or a template. */
export type ChildList = z.infer<typeof ChildListSchema>;

/** Accessibility attributes any component may carry. */
export const AccessibilityAttributesSchema = /* @__PURE__ */ z.strictObject({
  label: /* @__PURE__ */ z.optional(DynamicStringSchema),
  description: /* @__PURE__ */ z.optional(DynamicStringSchema),
  live: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(['off', 'polite', 'assertive'])),
  hidden: /* @__PURE__ */ z.optional(DynamicBooleanSchema),
});
/** Accessibility attributes. */
export type AccessibilityAttributes = z.infer<typeof AccessibilityAttributesSchema>;

/** The properties every component has, whatever its catalog (other keys allowed). */
export const ComponentCommonSchema = /* @__PURE__ */ z.looseObject({
  id: ComponentIdSchema,
  catalogId: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  accessibility: /* @__PURE__ */ z.optional(AccessibilityAttributesSchema),
  metadata: /* @__PURE__ */ z.optional(MetadataSchema),
});
/** Properties common to all components. */
export type ComponentCommon = z.infer<typeof ComponentCommonSchema>;

/** One check of a checkable component: a binding or call that yields a ValidationResult. */
export const CheckRuleSchema = /* @__PURE__ */ z.strictObject({
  condition: /* @__PURE__ */ z.union([DataBindingSchema, FunctionCallSchema]),
  message: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
});
/** One check rule. */
export type CheckRule = z.infer<typeof CheckRuleSchema>;

/** The `checks` property of components that support renderer-side checks (other keys allowed). */
export const CheckableSchema = /* @__PURE__ */ z.looseObject({ checks: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(CheckRuleSchema)) });
/** The `checks` property holder. */
export type Checkable = z.infer<typeof CheckableSchema>;

/** The event form of an action: sent to the agent as an `action` message. */
export const EventActionSchema = /* @__PURE__ */ z.strictObject({
  event: /* @__PURE__ */ z.strictObject({
    name: /* @__PURE__ */ z.string(),
    userMessage: /* @__PURE__ */ z.optional(DynamicStringSchema),
    context: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), DynamicValueSchema)),
  }),
});
/** An event action. */
export type EventAction = z.infer<typeof EventActionSchema>;

/** The function form of an action: runs a function locally (or falls back to the agent). */
export const FunctionCallActionSchema = /* @__PURE__ */ z.strictObject({ functionCall: FunctionCallSchema });
/** A function-call action. */
export type FunctionCallAction = z.infer<typeof FunctionCallActionSchema>;

/** What a component does when activated: an agent event or a function call. */
export const ActionSchema = /* @__PURE__ */ z.union([EventActionSchema, FunctionCallActionSchema]);
/** A component action. */
export type Action = z.infer<typeof ActionSchema>;

/** The reserved root container every surface has; never sent by agents. */
export const SurfaceComponentSchema = /* @__PURE__ */ z.strictObject({
  component: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.literal('Surface')),
  child: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.literal('root')),
});
/** The reserved `Surface` container. */
export type SurfaceComponent = z.infer<typeof SurfaceComponentSchema>;

/** The error object of a failed function call. */
export const FunctionErrorSchema = /* @__PURE__ */ z.strictObject({ code: /* @__PURE__ */ z.string(), message: /* @__PURE__ */ z.string() });
/** A function error. */
export type FunctionError = z.infer<typeof FunctionErrorSchema>;

/** A successful function response: the call id and a value (null included). */
export const FunctionValueResponseSchema = /* @__PURE__ */ z.strictObject({ functionCallId: CallIdSchema, value: /* @__PURE__ */ z.unknown() });

/** A failed function response: the call id and an error. */
export const FunctionErrorResponseSchema = /* @__PURE__ */ z.strictObject({ functionCallId: CallIdSchema, error: FunctionErrorSchema });

/** The answer to a function call: exactly one of `value` or `error`. */
export const FunctionResponseSchema = /* @__PURE__ */ z.union([FunctionValueResponseSchema, FunctionErrorResponseSchema]);
/** A function response. */
export type FunctionResponse = z.infer<typeof FunctionResponseSchema>;
