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

/** The files a source file imports (statically, re-exports and `import()` included), as paths from ROOT. */
export function importsOf(file: string): string[] {
  const { source } = parse(file);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
}
