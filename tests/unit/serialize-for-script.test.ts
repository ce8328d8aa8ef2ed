import { describe, expect, it } from 'vitest';
import { serializeForScript } from '../../server/render/serialize-for-script.ts';

describe('serializeForScript', () => {
  it.each([
    '</script><script>alert(1)</script>',
    '<!--',
    '<!-- <script>',
    '</SCRIPT>',
    'line\u2028separator\u2029paragraph',
    '"quotes" and \\backslashes\\',
    'emoji 🛒 and accents éàü',
  ])('round-trips %j without any "<" or raw U+2028/U+2029 in the output', (text) => {
    const serialized = serializeForScript({ text, nested: [text] });
    expect(serialized).not.toContain('<');
    expect(serialized).not.toMatch(/[\u2028\u2029]/);
    // The output is evaluated as JavaScript in the page, so check it as JavaScript.
    expect(new Function(`return ${serialized}`)()).toEqual({ text, nested: [text] });
  });

  it('turns undefined into null', () => {
    expect(serializeForScript(undefined)).toBe('null');
  });
});
