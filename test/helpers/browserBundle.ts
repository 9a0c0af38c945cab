/**
 * Bundling a piece of app code from the sources as the size check bundles the built package
 * (scripts/browserBundle.ts), to see which modules it ships.
 */
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { BROWSER_APP_BUILD } from '../../scripts/browserBundle';

const ROOT = resolve(__dirname, '../..');

/**
 * The files (relative to the repository root: `src/…`, `node_modules/…`) that put bytes into the
 * bundle of `source`, an ES module importing from the sources (`./src/index`).
 */
export function shippedFiles(source: string): string[] {
  const result = buildSync({
    ...BROWSER_APP_BUILD,
    stdin: { contents: source, resolveDir: ROOT, loader: 'ts', sourcefile: 'app.ts' },
    outfile: 'app.js',
    metafile: true,
  });
  const output = Object.values(result.metafile.outputs)[0];
  if (output === undefined) throw new Error('esbuild wrote no output');
  return Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
}
