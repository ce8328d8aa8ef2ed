import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mjs|js)$/;

/** Every source file of the repository (runtime, apps, build, bench, tests), as a `/`-separated path from ROOT. */
export function sourceFiles(): string[] {
  const roots = ['server', 'client', 'shared', 'apps', 'build', 'bench', 'tests', 'docs'];
  const files = ['build.mjs'];
  for (const root of roots) {
    for (const entry of readdirSync(path.join(ROOT, root), { recursive: true, withFileTypes: true })) {
      const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
      if (entry.isFile() && SOURCE.test(entry.name) && !file.startsWith('bench/results')) files.push(file);
    }
  }
  return files.map((file) => file.split(path.sep).join('/'));
}

/** A source file's text and syntax tree. */
export function parse(file: string) {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return { text, source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind) };
}

/** package.json's `imports`: the runtime's public entries by name (`#runtime/server` -> `server/index.ts`). */
export const ENTRY_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(
    (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { imports: Record<string, string> })
      .imports,
  ).map(([name, file]) => [name, path.posix.normalize(file)]),
);

/**
 * Every module specifier of a source file as written: imports and re-exports (type-only ones included),
 * `import()` calls and `import('…')` types.
 */
export function specifiersOf(file: string): string[] {
  const { source } = parse(file);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.text);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
        specifiers.push(argument.literal.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/**
 * The files of the repository a source file imports, as paths from ROOT: relative specifiers resolved from
 * the file, and the public entries' names (package.json `imports`) resolved to their files. npm packages are
 * left out.
 */
export function importsOf(file: string): string[] {
  return specifiersOf(file).flatMap((specifier) => {
    if (specifier.startsWith('.')) {
      return [path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))];
    }
    const entry = ENTRY_NAMES[specifier];
    return entry ? [entry] : [];
  });
}
