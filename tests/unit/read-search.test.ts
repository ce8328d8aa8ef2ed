import { describe, expect, it } from 'vitest';
import { readSearch } from '../../server/resolve/read-search.ts';
import type { MatchedSegment } from '../../shared/routing/route-matcher.ts';
import { invalidSearch, type SearchReader } from '../../shared/routing/route-table.ts';

const pageReader: SearchReader<{ page: number }> = {
  keys: ['page'],
  parse(params) {
    const raw = params.get('page');
    if (raw === null) return { page: 1 };
    if (!/^[1-9]\d*$/.test(raw)) throw invalidSearch('page', 'must be a whole number from 1');
    return { page: Number(raw) };
  },
};
const normalisingPageReader: SearchReader<{ page: number }> = {
  ...pageReader,
  format: ({ page }) => ({ page: page === 1 ? undefined : String(page) }),
};

const branch = (...readers: (SearchReader<unknown> | undefined)[]): MatchedSegment[] =>
  readers.map((search, index) => ({ node: { id: `s${index}`, search }, params: [] }));

describe('readSearch', () => {
  it('gives each segment its reader value, undefined without a reader', () => {
    expect(readSearch(branch(undefined, pageReader), '?page=3')).toEqual({
      type: 'read',
      values: [undefined, { page: 3 }],
    });
    expect(readSearch(branch(undefined, undefined), '?page=x')).toEqual({ type: 'read', values: [] });
  });

  it('answers invalid for a rejecting reader, naming the key', () => {
    const reading = readSearch(branch(pageReader), '?page=0');
    expect(reading.type).toBe('invalid');
    expect(reading.type === 'invalid' && reading.error.message).toBe(
      'Search param "page": must be a whole number from 1',
    );
  });

  it('normalises with a formatting reader: invalid keys dropped, defaults left out, other keys kept', () => {
    expect(readSearch(branch(normalisingPageReader), '?page=abc&utm=x')).toEqual({
      type: 'normalize',
      search: '?utm=x',
    });
    expect(readSearch(branch(normalisingPageReader), '?page=1')).toEqual({ type: 'normalize', search: '' });
    expect(readSearch(branch(normalisingPageReader), '?page=2&utm=x')).toEqual({
      type: 'normalize',
      search: '?utm=x&page=2',
    });
    expect(readSearch(branch(normalisingPageReader), '?utm=x&page=2')).toEqual({
      type: 'read',
      values: [{ page: 2 }],
    });
  });

  it('throws a reader bug instead of answering 400', () => {
    const buggy: SearchReader<never> = {
      keys: [],
      parse: () => {
        throw new TypeError('bug');
      },
    };
    expect(() => readSearch(branch(buggy), '')).toThrow('bug');
  });
});
