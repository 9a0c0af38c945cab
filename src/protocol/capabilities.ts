/** Zod schemas for capability objects exchanged in transport metadata. */
import * as z from 'zod/mini';
import { CatalogDefinitionSchema } from './catalogDefinition';

/** The renderer's v1.0 capabilities: catalogs it supports, optionally inline definitions. */
export const RendererCapabilitiesV1Schema = z.looseObject({
  supportedCatalogIds: z.array(z.string()),
  inlineCatalogs: z.optional(z.array(CatalogDefinitionSchema)),
});

/** `a2uiRendererCapabilities`, keyed by protocol version (renderer_capabilities.json). */
export const RendererCapabilitiesSchema = z.looseObject({ 'v1.0': RendererCapabilitiesV1Schema });
/** Renderer capabilities. */
export type RendererCapabilities = z.infer<typeof RendererCapabilitiesSchema>;

/** The agent's v1.0 capabilities. */
export const AgentCapabilitiesV1Schema = z.looseObject({
  supportedCatalogIds: z.optional(z.array(z.string())),
  acceptsInlineCatalogs: z.optional(z.boolean()),
});

/** Agent capabilities, keyed by protocol version (agent_capabilities.json). */
export const AgentCapabilitiesSchema = z.looseObject({ 'v1.0': AgentCapabilitiesV1Schema });
/** Agent capabilities. */
export type AgentCapabilities = z.infer<typeof AgentCapabilitiesSchema>;
