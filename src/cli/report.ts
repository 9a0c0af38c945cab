/**
 * The `--json` output of `validate` and `catalog check|lint|bundle`: zod schemas, the one source
 * of their shape (docs/cli-json.md describes it; tests parse the output with these).
 */
import { z } from 'zod';
import { CatalogFindingSchema, CatalogProblemSchema } from '../catalog/problems';

/** `validate --json`: one report per payload, the end-of-stream problems with `--complete`, and counts. */
export const ValidateJsonSchema = z.strictObject({
  file: z.string(),
  /** Catalog ids the stream was checked against, the default first. */
  catalogs: z.array(z.string()),
  messages: z.array(
    z.strictObject({
      line: z.number(),
      verdict: z.enum(['ok', 'warn', 'fail']),
      summary: z.string(),
      problems: z.array(z.string()),
    }),
  ),
  /** Present with `--complete`. */
  complete: z
    .array(
      z.strictObject({
        code: z.enum(['MISSING_ROOT', 'DANGLING_REFERENCE', 'ORPHANED_COMPONENT']),
        surfaceId: z.string(),
        componentId: z.string().optional(),
        message: z.string(),
      }),
    )
    .optional(),
  summary: z.strictObject({ ok: z.number(), warned: z.number(), failed: z.number(), incomplete: z.number() }),
});
export type ValidateJson = z.infer<typeof ValidateJsonSchema>;

/** `catalog check --json`: the document's problems (validateCatalog). */
export const CatalogCheckJsonSchema = z.strictObject({
  file: z.string(),
  catalogId: z.string().nullable(),
  valid: z.boolean(),
  problems: z.array(CatalogProblemSchema),
});

/** `catalog lint --json`: the findings (lintCatalog), or the problems that keep the file from loading. */
export const CatalogLintJsonSchema = z.strictObject({
  file: z.string(),
  catalogId: z.string().nullable(),
  /** Problems that keep even a lenient load from reading the file (then there are no findings). */
  problems: z.array(CatalogProblemSchema),
  findings: z.array(CatalogFindingSchema),
  summary: z.strictObject({ error: z.number(), warning: z.number(), info: z.number() }),
});

/** A file the CLI could not read (exit 2), with `--json`. */
export const CliErrorJsonSchema = z.strictObject({ error: z.string() });
