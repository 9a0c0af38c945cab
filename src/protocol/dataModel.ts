/** Zod schema for the renderer data model sent in transport metadata (renderer_data_model.json). */
import { z } from 'zod';
import { VersionSchema } from './common';

/** The data models of the surfaces that asked for them (`sendDataModel`), by surface id. */
export const RendererDataModelSchema = z.strictObject({
  version: VersionSchema,
  surfaces: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type RendererDataModel = z.infer<typeof RendererDataModelSchema>;
