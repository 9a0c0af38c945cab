/**
 * Regenerates the resolved prop types of the basic and MCP catalogs from their embedded
 * catalog.json: src/catalog/basic/componentTypes.ts and src/mcp/catalog/componentTypes.ts.
 * Run: npx tsx scripts/generate-component-types.ts
 * test/catalog/componentTypes.test.ts fails when the committed files are stale.
 */
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPONENT_TYPE_OUTPUTS } from './componentTypeOutputs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
for (const output of COMPONENT_TYPE_OUTPUTS) {
  writeFileSync(resolve(root, output.path), output.text());
  process.stdout.write(`wrote ${output.path}\n`);
}
