// The browser bundle's href() calls, compiled (build/href-compile.mjs): an app exports
// `const href = typedHref<typeof routes>()`, and each call of it with a literal route id becomes its filled
// path and a call of `hrefOfPath`, so the pattern filler never ships. A call that cannot be compiled, or a
// name that something in the file shadows, keeps calling href() as written: the same URL, more bytes. The
// edits are made with magic-string, whose source map leads the bundle's maps back to the source as written.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import MagicString from 'magic-string';
import { parseSync } from 'oxc-parser';
import { COMPILED_HREF_NAMES, compileHrefCall } from './href-compile.mjs';

const SCRIPT = /\.[cm]?[jt]sx?$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.jsx', '/index.ts', '/index.tsx'];

/**
 * The esbuild plugin: app modules (not node_modules, not the runtime's href module) load with their href()
 * calls compiled. `patterns()`: a promise of the route patterns (`{ id, path }[]`, evaluateApp's). `counts`,
 * when given, is told how many calls were compiled and how many kept (the bench reports both).
 */
export function hrefCallsPlugin(root, patterns, counts) {
  const runtimeHref = path.join(root, 'shared/routing/href.ts');
  return {
    name: 'href-calls',
    setup(build) {
      const context = { runtimeHref, counts, definitions: new Map() };
      build.onLoad({ filter: SCRIPT }, async (load) => {
        if (load.namespace !== 'file' || load.path === runtimeHref || load.path.includes('node_modules')) {
          return undefined;
        }
        const source = await readFile(load.path, 'utf8');
        const paths = new Map((await patterns()).map(({ id, path: pattern }) => [id, pattern]));
        const rewritten = await rewriteHrefCalls(source, load.path, {
          ...context,
          patternOf: (id) => paths.get(id),
        });
        if (rewritten === undefined) return undefined;
        // esbuild reads an input's inline source map, so the bundle's maps point at the calls as written.
        const contents = `${rewritten.code}\n//# sourceMappingURL=${rewritten.map.toUrl()}\n`;
        return { contents, loader: loaderOf(load.path) };
      });
    },
  };
}

/**
 * `source` (the module `file`) with its href() calls compiled and its href definitions marked pure (so an
 * unused href drops out with the filler), and a source map back to `source`; undefined when nothing changes.
 * `context`: `runtimeHref` (shared/routing/href.ts's path), `patternOf(routeId)`, optional `counts` and a
 * `definitions` cache shared by the modules of one build.
 */
export async function rewriteHrefCalls(source, file, context) {
  if (!source.includes('typedHref') && !/\bimport\b/.test(source)) return undefined;
  const { program } = parseSync(file, source);
  const own = definitionsIn(program, file, context.runtimeHref);
  const names = new Set(own.locals);
  for (const [local, imported] of await importedNames(program, file, context)) {
    if (imported) names.add(local);
  }
  for (const name of shadowedNames(program, names, own.initializers)) names.delete(name);
  const edited = new MagicString(source);
  for (const start of own.initializers) edited.appendLeft(start, '/* @__PURE__ */ ');
  for (const call of callsOf(program, names)) {
    const compiled = compileHrefCall(call, source, context.patternOf);
    if (context.counts) context.counts[compiled === undefined ? 'kept' : 'compiled'] += 1;
    if (compiled !== undefined) edited.overwrite(call.start, call.end, compiled);
  }
  if (!edited.hasChanged()) return undefined;
  const code = edited.toString();
  const used = Object.entries(COMPILED_HREF_NAMES).filter(([, local]) => code.includes(`${local}(`));
  if (used.length > 0) {
    const imports = used.map(([name, local]) => `${name} as ${local}`).join(', ');
    // At the end (imports are hoisted), so a directive or a hashbang stays first.
    edited.append(
      `\nimport { ${imports} } from ${JSON.stringify(relativeSpecifier(file, context.runtimeHref))};\n`,
    );
  }
  const map = edited.generateMap({ source: path.basename(file), hires: 'boundary', includeContent: true });
  return { code: edited.toString(), map };
}

/** Names bound by `const name = typedHref<…>()` at the top of a module, its exported names, and where each call starts. */
function definitionsIn(program, file, runtimeHref) {
  const factories = new Set();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || resolveImport(file, statement.source.value) !== runtimeHref)
      continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportSpecifier' && specifier.imported.name === 'typedHref')
        factories.add(specifier.local.name);
    }
  }
  const locals = new Set();
  const initializers = [];
  const exported = new Set();
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    for (const declarator of declaration?.type === 'VariableDeclaration' ? declaration.declarations : []) {
      const init = declarator.init;
      if (declarator.id.type !== 'Identifier' || init?.type !== 'CallExpression') continue;
      if (init.callee.type !== 'Identifier' || !factories.has(init.callee.name)) continue;
      locals.add(declarator.id.name);
      initializers.push(init.start);
      if (declaration !== statement) exported.add(declarator.id.name);
    }
  }
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration' || statement.source) continue;
    for (const specifier of statement.specifiers) {
      if (locals.has(specifier.local.name)) exported.add(specifier.exported.name ?? specifier.exported.value);
    }
  }
  return { locals, initializers, exported };
}

/** Each value import of the file: its local name, and whether it names an href definition of its module. */
async function importedNames(program, file, context) {
  const names = [];
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    const target = resolveImport(file, statement.source.value);
    const exported = target ? (await definitionsOf(target, context)).exported : new Set();
    for (const specifier of statement.specifiers) {
      if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
      names.push([specifier.local.name, exported.has(specifier.imported.name ?? specifier.imported.value)]);
    }
  }
  return names;
}

/** The href definitions of `file`, read once per build. */
function definitionsOf(file, { definitions = new Map(), runtimeHref }) {
  if (!definitions.has(file)) {
    definitions.set(
      file,
      readFile(file, 'utf8').then((source) =>
        source.includes('typedHref')
          ? definitionsIn(parseSync(file, source).program, file, runtimeHref)
          : { exported: new Set() },
      ),
    );
  }
  return definitions.get(file);
}

/** A relative import's file, or undefined for packages and files that do not exist. */
function resolveImport(file, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(file), specifier);
  return RESOLVE_SUFFIXES.map((suffix) => `${base}${suffix}`).find((candidate) => existsSync(candidate));
}

function relativeSpecifier(file, target) {
  const relative = path.relative(path.dirname(file), target).split(path.sep).join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** Every plain call of one of `names` (optional calls `href?.()` aside). */
function callsOf(program, names) {
  const calls = [];
  visit(program, (node) => {
    if (
      node.type === 'CallExpression' &&
      !node.optional &&
      node.callee.type === 'Identifier' &&
      names.has(node.callee.name)
    ) {
      calls.push(node);
      return false;
    }
    return true;
  });
  return calls;
}

/**
 * The names of `names` that the file binds again anywhere besides its imports and href definitions (a
 * parameter, a variable, a function): a call of such a name may not be the app's href().
 */
function shadowedNames(program, names, definitionStarts) {
  const shadowed = new Set();
  const addBindings = (pattern) => {
    if (!pattern) return;
    if (pattern.type === 'Identifier' && names.has(pattern.name)) shadowed.add(pattern.name);
    else if (pattern.type === 'ObjectPattern') {
      for (const property of pattern.properties) addBindings(property.value ?? property.argument);
    } else if (pattern.type === 'ArrayPattern') pattern.elements.forEach(addBindings);
    else if (pattern.type === 'AssignmentPattern') addBindings(pattern.left);
    else if (pattern.type === 'RestElement') addBindings(pattern.argument);
    else if (pattern.type === 'TSParameterProperty') addBindings(pattern.parameter);
  };
  visit(program, (node) => {
    if (node.type === 'VariableDeclarator' && !definitionStarts.includes(node.init?.start))
      addBindings(node.id);
    if (/Function/.test(node.type)) [node.id, ...(node.params ?? [])].forEach(addBindings);
    if (node.type === 'ClassDeclaration' || node.type === 'ClassExpression') addBindings(node.id);
    if (node.type === 'CatchClause') addBindings(node.param);
    return true;
  });
  return shadowed;
}

/** Walks the tree depth first; `enter` returns false to skip a node's children. */
function visit(node, enter) {
  if (!enter(node)) return;
  for (const value of Object.values(node)) {
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) {
      if (child && typeof child.type === 'string') visit(child, enter);
    }
  }
}

/** esbuild's loader for a script: `.mts` is `ts`, `.cjs` is `js`. */
function loaderOf(file) {
  return path.extname(file).slice(1).replace(/^[cm]/, '');
}
