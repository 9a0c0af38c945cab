/** Zod schema for the renderer data model sent in transport metadata (renderer_data_model.json). */
import * as z from 'zod/mini';
import { VersionSchema } from './common';

// Schemas are built at load; /* @__PURE__ */ lets a bundle that never reads one drop it.

/** The data models of the surfaces that asked for them (`sendDataModel`), by surface id. */
export const RendererDataModelSchema = /* @__PURE__ */ z.strictObject({
  version: VersionSchema,
  surfaces: /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.record(/* @__PURE__ */ z.string(), /* @__PURE__ */ z.unknown())),
});
/** The renderer data model sent to agents. */
export type RendererDataModel = z.infer<typeof RendererDataModelSchema>;
