// docs/performance.md is a reference page: what the bench measures, its latest figures, how to reproduce
// them. The rounds of work and their measurements go to the bench's log (bench/LOG.md), so the page stays
// short enough to read.
import { describe, expect, it } from 'vitest';
import { headingSlugs, readFromRoot } from './markdown-files.ts';

const MAX_LINES = 250;

describe('docs/performance.md', () => {
  const page = readFromRoot('docs/performance.md');

  it(`stays at or under ${MAX_LINES} lines`, () => {
    expect(page.split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  it('says what is measured, the latest numbers and how to reproduce them, and points to the log', () => {
    expect([...headingSlugs(page)]).toEqual(
      expect.arrayContaining(['what-is-measured', 'the-latest-numbers', 'how-to-reproduce']),
    );
    expect(page).toContain('](../bench/LOG.md)');
  });
});
