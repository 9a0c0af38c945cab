/**
 * The public names of the package's entries, read from the source with the TypeScript checker:
 * each exported name, whether it is a value, and whether its declaration carries a doc comment.
 */
import { resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(__dirname, '../..');

/** The entries of package.json `exports`, by subpath, as source files. */
export const ENTRY_SOURCES = {
  '.': 'src/index.ts',
  './core': 'src/core.ts',
  './protocol': 'src/protocol/index.ts',
  './mcp': 'src/mcp/catalog/entry.ts',
} as const;

export interface PublicName {
  name: string;
  isValue: boolean;
  documented: boolean;
  /** `@deprecated` on the declaration. */
  deprecated: boolean;
}

let program: ts.Program | undefined;

function programOf(): ts.Program {
  program ??= ts.createProgram(
    Object.values(ENTRY_SOURCES).map((file) => resolve(ROOT, file)),
    { strict: true, noEmit: true, skipLibCheck: true, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, resolveJsonModule: true },
  );
  return program;
}

/** Every name an entry exports, sorted. */
export function publicNames(entry: keyof typeof ENTRY_SOURCES): PublicName[] {
  const p = programOf();
  const checker = p.getTypeChecker();
  const file = p.getSourceFile(resolve(ROOT, ENTRY_SOURCES[entry]));
  if (file === undefined) throw new Error(`no source for ${entry}`);
  const moduleSymbol = checker.getSymbolAtLocation(file);
  if (moduleSymbol === undefined) throw new Error(`${entry} is not a module`);
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((exported) => {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const tags = target.getJsDocTags(checker);
      return {
        name: exported.getName(),
        isValue: (target.flags & ts.SymbolFlags.Value) !== 0,
        documented: target.getDocumentationComment(checker).length > 0 || tags.length > 0,
        deprecated: tags.some((tag) => tag.name === 'deprecated'),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
