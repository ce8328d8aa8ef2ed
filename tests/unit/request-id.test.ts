import { describe, expect, it } from 'vitest';
import { requestIdOf } from '../../server/edge/request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it.each([
    'abc123',
    'f47ac10b-58cc-4372-a567-0e02b2c3d479',
    '0af7651916cd43dd8448eb211c80319c',
    'trace.span:42_A-b',
    'a',
    'x'.repeat(64),
  ])('reuses the safe incoming id %j', (incoming) => {
    expect(requestIdOf(incoming)).toBe(incoming);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['65 characters', 'x'.repeat(65)],
    ['200 characters', 'a'.repeat(200)],
    ['a newline (log line injection)', 'abc\n{"level":"error","msg":"forged"}'],
    ['a trailing newline', 'abc\n'],
    ['a carriage return and header', 'abc\r\nSet-Cookie: session=x'],
    ['a double quote', 'abc"def'],
    ['a single quote', "abc'def"],
    ['a space', 'abc def'],
    ['a tab', 'abc\tdef'],
    ['HTML', '<script>alert(1)</script>'],
    ['a slash', '../../etc/passwd'],
    ['a NUL byte', 'abc\u0000def'],
    ['an ANSI escape', '\u001b[31mred'],
    ['unicode letters', 'réquest-ïd'],
    ['an emoji', 'id-😀'],
    ['a unicode line separator', 'abc\u2028def'],
    ['a fullwidth digit', 'id１'],
  ])('replaces an id with %s by a new UUID', (_case, incoming) => {
    const id = requestIdOf(incoming);
    expect(id).not.toBe(incoming);
    expect(id).toMatch(UUID);
  });

  it('generates a different id each time', () => {
    const ids = new Set(Array.from({ length: 100 }, () => requestIdOf(undefined)));
    expect(ids.size).toBe(100);
  });
});
