import { describe, expect, it } from 'vitest';
import { serializeForScript } from '../../server/render/serialize-for-script.ts';
import { fc } from './property-runs.ts';

/** Strings rich in the characters that matter inside a script element. */
const scriptyString = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc
    .array(fc.constantFrom('<', '/', 'script', '!--', '>', '\u2028', '\u2029', 'SCRIPT', '"', '\\', 'a'))
    .map((parts) => parts.join('')),
);
const jsonValue = fc
  .jsonValue({ maxDepth: 3 })
  .chain((value) => fc.oneof(fc.constant(value), scriptyString, fc.dictionary(scriptyString, scriptyString)));

describe('serializeForScript (property)', () => {
  it('gives back the value when the script body is parsed', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        expect(JSON.parse(serializeForScript(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('never writes </script, <!-- or a raw line or paragraph separator', () => {
    fc.assert(
      fc.property(jsonValue, (value) => {
        const body = serializeForScript(value);
        expect(body.toLowerCase()).not.toContain('</script');
        expect(body).not.toContain('<!--');
        expect(body).not.toMatch(/[\u2028\u2029]/);
      }),
    );
  });
});
