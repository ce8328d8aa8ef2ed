// Sizes of bytes as they travel (gzip -9, brotli 11), and which of a minified output's bytes come from which
// kind of source (our runtime, the app, React, other packages), cut out through the output's source map.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;
export const brotliSize = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export function classifyInput(input) {
  if (/node_modules\/(react|react-dom|scheduler)\//.test(input)) return 'react';
  if (/node_modules\/@sentry(-internal)?\//.test(input)) return 'sentry';
  if (input.includes('node_modules/')) return 'other-packages';
  if (/^(client\/|shared\/routing\/|shared\/ui\/)/.test(input)) return 'runtime';
  if (/^shared\/(storefront|debug)\//.test(input)) return 'app';
  return 'other';
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one source-map line's segments into [generatedColumn, sourceIndex | -1]. */
function* segmentsOf(line, state) {
  let column = 0;
  for (const segment of line.split(',')) {
    if (segment === '') continue;
    const fields = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64_VALUE.get(char);
      if (digit === undefined) throw new Error(`Bad source map character ${char}`);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += fields[0];
    if (fields.length >= 4) {
      state.source += fields[1];
      state.line += fields[2];
      state.column += fields[3];
      yield [column, state.source];
    } else yield [column, -1];
  }
}

/** Splits an output's text into per-category strings using its source map. */
export function textByCategory(code, map, categoryOfSource) {
  const parts = new Map();
  const append = (category, text) => {
    const list = parts.get(category);
    if (list) list.push(text);
    else parts.set(category, [text]);
  };
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  const state = { source: 0, line: 0, column: 0 };
  for (let index = 0; index < lines.length; index++) {
    const text = lines[index];
    const segments = [...segmentsOf(mappingLines[index] ?? '', state)];
    if (segments.length === 0 || segments[0][0] > 0)
      append('unmapped', text.slice(0, segments[0]?.[0] ?? text.length));
    for (let s = 0; s < segments.length; s++) {
      const [start, source] = segments[s];
      const end = s + 1 < segments.length ? segments[s + 1][0] : text.length;
      append(source >= 0 ? categoryOfSource(map.sources[source]) : 'unmapped', text.slice(start, end));
    }
    append('unmapped', '\n');
  }
  return Object.fromEntries([...parts].map(([key, list]) => [key, list.join('')]));
}
