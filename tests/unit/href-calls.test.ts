import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteHrefCalls } from '../../build.mjs';

const runtimeHref = path.resolve('shared/routing/href.ts');
const PATTERNS: Record<string, string> = { product: '/products/:id', shop: '/shop{/*category}', home: '/' };
const patternOf = (id: string) => PATTERNS[id];

describe("the browser build's href() calls (build/href-calls.mjs)", () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  const rewrite = async (name: string, source: string, counts = { compiled: 0, kept: 0 }) => {
    await writeFile(file(name), source);
    const rewritten = await rewriteHrefCalls(source, file(name), { runtimeHref, patternOf, counts });
    return { code: rewritten?.code, map: rewritten?.map, counts };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'href-calls-'));
    const runtime = path.relative(dir, runtimeHref);
    await writeFile(
      file('app-href.ts'),
      `import { typedHref } from ${JSON.stringify(runtime)};\nexport const href = typedHref<Tree>();\nexport { href as link };\n`,
    );
    await writeFile(file('other.ts'), 'export const href = (id: string) => id;\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('compiles the calls of an imported href, imports hrefOfPath after them, and maps back to the calls', async () => {
    const source = [
      "import { href, link as to } from './app-href.ts';",
      "export const a = href('product', { id: product.id });",
      'export const b = to(',
      "  'shop',",
      ');',
      'export const c = [href].length;',
    ].join('\n');
    const { code, map, counts } = await rewrite('page.tsx', source);
    const lines = (code as string).split('\n');
    expect(lines.slice(0, 5)).toEqual([
      "import { href, link as to } from './app-href.ts';",
      'export const a = __hrefOfPath("/products/" + encodeURIComponent((product.id)));',
      'export const b = __hrefOfPath("/shop");',
      'export const c = [href].length;',
      expect.stringMatching(
        /^import \{ hrefOfPath as __hrefOfPath \} from "[^"]*shared\/routing\/href\.ts";$/,
      ),
    ]);
    expect(counts).toEqual({ compiled: 2, kept: 0 });
    // The map leads each compiled call back to the call as written, and carries the source as written.
    const trace = new TraceMap(JSON.stringify(map));
    expect(originalPositionFor(trace, { line: 3, column: 17 })).toMatchObject({ line: 3, column: 17 });
    expect(originalPositionFor(trace, { line: 4, column: 17 })).toMatchObject({ line: 6, column: 17 });
    expect(map?.sourcesContent).toEqual([source]);
  });

  it('marks the definition pure (an unused href drops out of the bundle) and compiles its own calls', async () => {
    const runtime = JSON.stringify(path.relative(dir, runtimeHref));
    const source = `import { typedHref } from ${runtime};\nexport const href = typedHref<T>();\nexport const home = () => href('home');\n`;
    const { code } = await rewrite('own-href.ts', source);
    expect(code).toContain('export const href = /* @__PURE__ */ typedHref<T>();');
    expect(code).toContain('export const home = () => __hrefOfPath("/");');
  });

  it('keeps calls it cannot compile, calls of a name the file binds again, and other modules’ href', async () => {
    const kept = await rewrite(
      'kept.tsx',
      "import { href } from './app-href.ts';\nexport const a = href(id);\n",
    );
    expect(kept.code).toBeUndefined();
    expect(kept.counts).toEqual({ compiled: 0, kept: 1 });
    const shadowed = [
      "import { href } from './app-href.ts';",
      "export const a = href('home');",
      "export function b(href: (id: string) => string) { return href('home'); }",
    ].join('\n');
    expect((await rewrite('shadowed.tsx', shadowed)).code).toBeUndefined();
    const other = "import { href } from './other.ts';\nexport const a = href('home');\n";
    expect((await rewrite('other-page.tsx', other)).code).toBeUndefined();
    const typeOnly = "import type { href } from './app-href.ts';\nexport type A = typeof href;\n";
    expect((await rewrite('types.ts', typeOnly)).code).toBeUndefined();
  });
});
