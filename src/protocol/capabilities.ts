/** Zod schemas for capability objects exchanged in transport metadata. */
import * as z from 'zod/mini';
import { CatalogDefinitionSchema } from './catalogDefinition';

// Schemas are built at load; /* @__PURE__ */ lets a bundle that never reads one drop it.

/** The renderer's v1.0 capabilities: catalogs it supports, optionally inline definitions. */
export const RendererCapabilitiesV1Schema = /* @__PURE__ */ z.looseObject({
  supportedCatalogIds: /* @__PURE__ */ z.array(/* @__PURE__ */ z.string()),
  inlineCatalogs: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(CatalogDefinitionSchema)),
});

/** `a2uiRendererCapabilities`, keyed by protocol version (renderer_capabilities.json). */
export const RendererCapabilitiesSchema = /* @__PURE__ */ z.looseObject({ 'v1.0': RendererCapabilitiesV1Schema });
/** Renderer capabilities. */
export type RendererCapabilities = z.infer<typeof RendererCapabilitiesSchema>;

/** The agent's v1.0 capabilities. */
export const AgentCapabilitiesV1Schema = /* @__PURE__ */ z.looseObject({
  supportedCatalogIds: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.array(/* @__PURE__ */ z.string())),
  acceptsInlineCatalogs: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
});

/** Agent capabilities, keyed by protocol version (agent_capabilities.json). */
export const AgentCapabilitiesSchema = /* @__PURE__ */ z.looseObject({ 'v1.0': AgentCapabilitiesV1Schema });
/** Agent capabilities. */
export type AgentCapabilities = z.infer<typeof AgentCapabilitiesSchema>;
