/** Zod schema for the renderer data model sent in transport metadata (renderer_data_model.json). */
import * as z from 'zod/mini';
import { VersionSchema } from './common';

/** The data models of the surfaces that asked for them (`sendDataModel`), by surface id. */
export const RendererDataModelSchema = z.strictObject({
  version: VersionSchema,
  surfaces: z.record(z.string(), z.record(z.string(), z.unknown())),
});
/** The renderer data model sent to agents. */
export type RendererDataModel = z.infer<typeof RendererDataModelSchema>;
