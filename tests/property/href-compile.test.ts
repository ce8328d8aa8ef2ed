import { parseSync } from 'oxc-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { compileHrefCall } from '../../build.mjs';
import {
  hashOf,
  hrefOfPath,
  routeHref,
  type SearchInput,
  searchOf,
  setHrefScope,
} from '../../shared/routing/href.ts';
import { createLocales } from '../../shared/routing/locale.ts';
import { fc } from './property-runs.ts';

/** Patterns with every kind of part: params, catch-alls, optional groups, quoted names, escapes. */
const PATTERNS: Record<string, string> = {
  home: '/',
  product: '/products/:id',
  shop: '/shop{/*category}',
  help: '/help/*slug',
  quoted: '/q/:"my name"',
  escaped: '/price\\:low/:id',
  twoGroups: '/a{/:x}{/:y}/end',
  pairGroup: '/b{/:x/:y}',
  joined: '/c/:x-:y',
};

type Kind = 'param' | 'wildcard';
/** Each route's params: name, kind, and whether a group makes it optional. */
const PARAMS: Record<string, [name: string, kind: Kind, optional: boolean][]> = {
  home: [],
  product: [['id', 'param', false]],
  shop: [['category', 'wildcard', true]],
  help: [['slug', 'wildcard', false]],
  quoted: [['my name', 'param', false]],
  escaped: [['id', 'param', false]],
  twoGroups: [
    ['x', 'param', true],
    ['y', 'param', true],
  ],
  pairGroup: [
    ['x', 'param', true],
    ['y', 'param', true],
  ],
  joined: [
    ['x', 'param', false],
    ['y', 'param', false],
  ],
};

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const segment = text.filter((value) => value !== '');
/** A value for one param: required ones always hold something, optional ones may be left out or empty. */
function valueFor(kind: Kind, optional: boolean) {
  const required = kind === 'param' ? segment : fc.array(segment, { minLength: 1, maxLength: 4 });
  if (!optional) return required;
  const empty = kind === 'param' ? fc.constant('') : fc.array(text, { maxLength: 3 });
  return fc.oneof(required, empty, fc.constant(undefined), fc.constant('left out'));
}

const search: fc.Arbitrary<SearchInput | undefined> = fc.oneof(
  fc.constant(undefined),
  text,
  fc.dictionary(text, fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined))),
  fc.array(fc.tuple(text, text), { maxLength: 3 }).map((pairs) => new URLSearchParams(pairs)),
);
/** Locales of both kinds: the default without a prefix, the others with one. */
const locales = createLocales({ list: ['en', 'fr', 'de'], default: 'en' });
const options = fc.record(
  { search, hash: text, locale: fc.constantFrom(...locales.list) },
  { requiredKeys: [] },
);

/** How the call spells each value: a name (no effects) or a call (effects: must run once, in order). */
const spelling = fc.constantFrom('name', 'call');

/** Writes `href(id, params, options)` with each value read from `values[i]`, by name or through `read(i)`. */
function writeCall(
  id: string,
  params: Record<string, unknown>,
  paramsAsOneValue: boolean,
  opts: Record<string, unknown>,
  spell: (index: number) => 'name' | 'call',
) {
  const values: unknown[] = [];
  const valueCode = (value: unknown) => {
    values.push(value);
    const index = values.length - 1;
    return spell(index) === 'name' ? `values[${index}]` : `read(${index})`;
  };
  const objectCode = (object: Record<string, unknown>) =>
    `{ ${Object.entries(object)
      .map(([key, value]) => `${JSON.stringify(key)}: ${valueCode(value)}`)
      .join(', ')} }`;
  const paramsCode = paramsAsOneValue ? valueCode(params) : objectCode(params);
  return { code: `href(${JSON.stringify(id)}, ${paramsCode}, ${objectCode(opts)})`, values };
}

afterEach(() => setHrefScope(() => undefined));

describe('href() compiled for the browser (build/href-compile.mjs)', () => {
  it('builds the URL routeHref builds, running each value with effects once and in the order written', () => {
    const call = fc.constantFrom(...Object.keys(PATTERNS)).chain((id) =>
      fc.record({
        id: fc.constant(id),
        params: fc.tuple(...(PARAMS[id] ?? []).map(([, kind, optional]) => valueFor(kind, optional))),
        paramsAsOneValue: fc.boolean(),
        options,
        spellings: fc.array(spelling, { minLength: 8, maxLength: 8 }),
        basePath: fc.constantFrom('', '/store'),
        locale: fc.constantFrom(...locales.list),
      }),
    );
    fc.assert(
      fc.property(call, ({ id, params, paramsAsOneValue, options, spellings, basePath, locale }) => {
        setHrefScope(() => ({ basePath, locales, locale, pathOf: (routeId) => PATTERNS[routeId] }));
        const paramObject: Record<string, unknown> = {};
        (PARAMS[id] ?? []).forEach(([name], index) => {
          if (params[index] !== 'left out') paramObject[name] = params[index];
        });
        const written = writeCall(
          id,
          paramObject,
          paramsAsOneValue,
          options,
          (index) => spellings[index] ?? 'name',
        );
        const expected = routeHref(id, paramObject as never, options);

        const parsed = parseSync('call.ts', written.code).program.body[0] as { expression: unknown };
        const compiled = compileHrefCall(parsed.expression, written.code, (routeId) => PATTERNS[routeId]);
        expect(compiled).toBeDefined();
        const reads: number[] = [];
        const read = (index: number) => {
          reads.push(index);
          return written.values[index];
        };
        const run = new Function(
          '__hrefOfPath',
          '__searchOf',
          '__hashOf',
          'values',
          'read',
          `return ${compiled};`,
        );
        expect(run(hrefOfPath, searchOf, hashOf, written.values, read)).toBe(expected);
        const calls = written.values.map((_, index) => index).filter((index) => spellings[index] === 'call');
        expect(reads).toEqual(calls);
      }),
    );
  });

  it('keeps the calls it cannot compile', () => {
    const keeps = [
      'href(routeId)',
      'href("unknown")',
      'href("product", { ...params })',
      'href("product", { [key]: "x" })',
      'href("product", {})',
      'href("product", { id }, options)',
      'href("product", { id }, { search, other: 1 })',
      'href(...args)',
      'href("product", { id }, {}, extra)',
    ];
    for (const code of keeps) {
      const parsed = parseSync('call.ts', code).program.body[0] as { expression: unknown };
      expect(
        compileHrefCall(parsed.expression, code, (routeId) => PATTERNS[routeId]),
        code,
      ).toBeUndefined();
    }
  });
});
