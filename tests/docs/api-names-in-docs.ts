// What a docs page says the runtime exports, so tests/docs/public-api.test.ts can hold it to the real list:
// the names an `import { … } from` line of a code block takes from a public entry, and the inline code spans
// written as a call, `useFetcher()`.
import type { PublicEntry } from '../../build/public-api.mjs';

/** A name a docs page claims the runtime has, with the page's line (1-based) where it says so. */
export type NamedInDocs =
  /** Imported in a code block from a public entry (`shared/index.ts`, `server/test-kit.ts`, …). */
  | { type: 'import'; name: string; entry: string; line: number }
  /** Written in prose as `` `name()` ``: some public export, or a member of one (`parent()`). */
  | { type: 'call'; name: string; line: number };

const FENCE = /^\s*(`{3,}|~{3,})/;
/** `import { a, type B as C } from '…'`, also after a default import (`import x, { a } from`), over lines. */
const IMPORT = /import\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
/** A relative specifier ending in a side's folder, its index or the test kit, with or without extension. */
const PUBLIC_SPECIFIER =
  /^\.{1,2}\/(?:.*\/)?(shared|client|server)(?:\/(index|test-kit)(?:\.[cm]?[jt]sx?)?)?$/;
const CODE_SPAN = /`([^`\n]+)`/g;
const CALL = /^\s*([A-Za-z_$][\w$]*)\(\)\s*$/;
/** The language's own names that read as calls (`import()`, `super()`, `require()`): no export's. */
const KEYWORDS = new Set(['import', 'super', 'require', 'typeof', 'void', 'new', 'await', 'function']);

/** Every name a markdown page attributes to the runtime (see NamedInDocs), in page order. */
export function apiNamesInMarkdown(markdown: string): NamedInDocs[] {
  const named: NamedInDocs[] = [];
  const lines = markdown.split('\n');
  let fence: { marker: string; startLine: number; code: string[] } | null = null;
  lines.forEach((text, index) => {
    const opener = FENCE.exec(text)?.[1];
    if (fence) {
      const closes =
        opener !== undefined &&
        opener[0] === fence.marker[0] &&
        opener.length >= fence.marker.length &&
        text.trim() === opener;
      if (closes) {
        named.push(...importedNames(fence.code.join('\n'), fence.startLine + 1));
        fence = null;
      } else {
        fence.code.push(text);
      }
    } else if (opener) {
      fence = { marker: opener, startLine: index + 1, code: [] };
    } else {
      named.push(...calledNames(text, index + 1));
    }
  });
  return named;
}

/** The runtime entry a code block's import specifier names (`../../shared/index.ts`: shared/index.ts), if any. */
export function publicEntryOf(specifier: string): string | undefined {
  const match = PUBLIC_SPECIFIER.exec(specifier);
  if (!match) return undefined;
  const [, side, file = 'index'] = match;
  return `${side}/${file}.ts`;
}

function importedNames(code: string, firstLine: number): NamedInDocs[] {
  return [...code.matchAll(IMPORT)].flatMap((match) => {
    const entry = publicEntryOf(match[2] as string);
    if (!entry) return [];
    const line = firstLine + (code.slice(0, match.index).match(/\n/g)?.length ?? 0);
    return (match[1] as string)
      .split(',')
      .map(
        (specifier) =>
          specifier
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] as string,
      )
      .filter(Boolean)
      .map((name) => ({ type: 'import' as const, name, entry, line }));
  });
}

function calledNames(text: string, line: number): NamedInDocs[] {
  return [...text.matchAll(CODE_SPAN)].flatMap((span) => {
    const name = CALL.exec(span[1] as string)?.[1];
    return name && !KEYWORDS.has(name) ? [{ type: 'call' as const, name, line }] : [];
  });
}

/** The names a page attributes to the runtime that it does not have, as `line N: name (why)`. */
export function unknownNames(named: readonly NamedInDocs[], api: readonly PublicEntry[]): string[] {
  const exportsOf = new Map(
    api.map(({ entry, exports }) => [entry, new Set(exports.map(({ name }) => name))]),
  );
  const reachable = new Set(
    api.flatMap(({ exports }) => exports.flatMap(({ name, members }) => [name, ...members])),
  );
  return named.flatMap((item) => {
    if (item.type === 'import') {
      const exported = exportsOf.get(item.entry);
      if (!exported)
        return [`line ${item.line}: ${item.name} (imported from ${item.entry}, not a public entry)`];
      if (exported.has(item.name)) return [];
      return [`line ${item.line}: ${item.name} (imported from ${item.entry}, which does not export it)`];
    }
    if (reachable.has(item.name)) return [];
    return [`line ${item.line}: ${item.name}() (no public export, nor a member of one, has this name)`];
  });
}
