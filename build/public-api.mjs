// `npm run api` (node build/public-api.mjs [--json]): every export an app may import of the runtime, grouped
// by public entry, with its kind and where it is declared. The TypeScript compiler follows the re-exports, so
// the list is what the entries really export; tests/docs/public-api.test.ts holds every name to a doc comment.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { ROOT } from './paths.mjs';

/**
 * The runtime's public entries, named in package.json's `imports` (`#runtime/server`): one per side, the
 * optional database support, and the test kit an app's tests import. Everything else in shared/, client/
 * and server/ is the runtime's own (tests/unit/public-api.test.ts holds apps to these).
 */
export const PUBLIC_ENTRIES = Object.values(
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).imports,
).map((file) => path.posix.normalize(file));

/** What each public entry exports: name, kind, declaring file and line, and its doc comment's text. */
export function publicApi(root = ROOT) {
  const program = ts.createProgram(
    PUBLIC_ENTRIES.map((entry) => path.join(root, entry)),
    compilerOptions(root),
  );
  const checker = program.getTypeChecker();
  return PUBLIC_ENTRIES.map((entry) => {
    const source = program.getSourceFile(path.join(root, entry));
    if (!source) throw new Error(`public-api: ${entry} is missing (PUBLIC_ENTRIES names every entry)`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const exports = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
    return {
      entry,
      exports: exports
        .map((symbol) => describeExport(symbol, checker, root))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
}

/** The project's own compiler options (tsconfig.json), so paths and JSX resolve as in `tsc --noEmit`. */
function compilerOptions(root) {
  const configPath = path.join(root, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(`public-api: ${ts.flattenDiagnosticMessageText(error.messageText, '\n')}`);
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath).options;
}

function describeExport(exported, checker, root) {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declaration = symbol.declarations?.[0];
  if (!declaration) throw new Error(`public-api: ${exported.name} has no declaration`);
  const source = declaration.getSourceFile();
  const { line } = source.getLineAndCharacterOfPosition(declaration.getStart());
  return {
    name: exported.name,
    kind: kindOf(exported, symbol, declaration, checker),
    file: path.relative(root, source.fileName).split(path.sep).join('/'),
    line: line + 1,
    doc: docOf(declaration),
    members: memberNamesOf(symbol, declaration, checker, root),
  };
}

/** function, component (a function named in PascalCase), class, const or type. */
function kindOf(exported, symbol, declaration, checker) {
  if (isTypeOnlyExport(exported) || !(symbol.flags & ts.SymbolFlags.Value)) return 'type';
  if (symbol.flags & ts.SymbolFlags.Class) return 'class';
  const callable = checker.getTypeOfSymbolAtLocation(symbol, declaration).getCallSignatures().length > 0;
  if (!callable) return 'const';
  return /^[A-Z][a-z]/.test(symbol.name) ? 'component' : 'function';
}

/** `export { type Head }` and `export type { Locale }` make a name a type to the importer, whatever it is. */
function isTypeOnlyExport(exported) {
  return (exported.declarations ?? []).some(
    (declaration) =>
      ts.isTypeOnlyImportOrExportDeclaration(declaration) ||
      (ts.isExportSpecifier(declaration) && declaration.parent.parent.isTypeOnly),
  );
}

/** The text of the `/** … *\/` comment at a declaration (a variable's is on its statement); '' without one. */
function docOf(declaration) {
  const docs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
  const text = docs.map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '').join('\n');
  return text.trim();
}

/**
 * The members a reader reaches through an export: a type's properties, a class's instance members, a
 * function's result's properties (`useFetcher().submit`). Docs may name them as `name()` too.
 */
function memberNamesOf(symbol, declaration, checker, root) {
  const typeOf = () => {
    if (symbol.flags & ts.SymbolFlags.Class) return checker.getDeclaredTypeOfSymbol(symbol);
    if (symbol.flags & ts.SymbolFlags.Value) {
      const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
      const [signature] = type.getCallSignatures();
      return signature ? signature.getReturnType() : type;
    }
    return checker.getDeclaredTypeOfSymbol(symbol);
  };
  // Only the runtime's own members: a component's result (a React element) or a string brings React's or
  // the language's, which are no names of this API.
  const isRuntimeFile = (fileName) => /^(shared|client|server)\//.test(path.relative(root, fileName));
  return checker
    .getPropertiesOfType(checker.getApparentType(typeOf()))
    .filter((member) =>
      member.declarations?.some((declared) => isRuntimeFile(declared.getSourceFile().fileName)),
    )
    .map((member) => member.name)
    .filter((name) => !name.startsWith('__'));
}

/** The listing `npm run api` prints: per entry, each export's kind, name and declaration; `!` marks no doc. */
export function formatPublicApi(api) {
  const lines = [];
  for (const { entry, exports } of api) {
    lines.push(`${entry} (${exports.length} exports)`);
    const nameWidth = Math.max(...exports.map((item) => item.name.length));
    for (const item of exports) {
      const mark = item.doc ? ' ' : '!';
      lines.push(`${mark} ${item.kind.padEnd(9)} ${item.name.padEnd(nameWidth)}  ${item.file}:${item.line}`);
    }
    lines.push('');
  }
  const undocumented = api.flatMap(({ exports }) => exports.filter((item) => !item.doc));
  if (undocumented.length)
    lines.push(`! without a doc comment: ${undocumented.map(({ name }) => name).join(', ')}`);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const api = publicApi();
  const json = process.argv.includes('--json');
  process.stdout.write(`${json ? JSON.stringify(api, null, 2) : formatPublicApi(api)}\n`);
}
