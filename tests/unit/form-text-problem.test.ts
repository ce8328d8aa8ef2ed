import { describe, expect, it } from 'vitest';
import { type FormTextProblem, formTextProblem } from '../../server/resolve/form-text-problem.ts';

type Verdict = FormTextProblem['type'] | 'ok';

/** Each value, what a one-line field and a multi-line field make of it. */
const CASES: [description: string, value: string, oneLine: Verdict, multiLine: Verdict][] = [
  ['plain text', 'Ada Lovelace', 'ok', 'ok'],
  ['an empty value', '', 'ok', 'ok'],
  ['letters of other scripts', 'Zoë Ørsted, Straße 5, Łódź', 'ok', 'ok'],
  ['right-to-left text with its marks', 'שלום\u200F עולם \u061C', 'ok', 'ok'],
  ['joiners (an emoji family, Persian ZWNJ)', '👩\u200D👩\u200D👧 می\u200Cخواهم', 'ok', 'ok'],
  ['a character outside the BMP (a surrogate pair)', 'A 𝄞 B', 'ok', 'ok'],
  ['no-break spaces', 'Rue\u00A0de\u202FRivoli', 'ok', 'ok'],
  ['NUL', 'Ada\u0000', 'control-character', 'control-character'],
  ['ESC (a terminal escape)', '\u001B[31mAda', 'control-character', 'control-character'],
  ['a vertical tab', 'Ada\u000BLovelace', 'control-character', 'control-character'],
  ['DEL', 'Ada\u007F', 'control-character', 'control-character'],
  ['U+0085 NEXT LINE (C1)', 'Ada\u0085', 'control-character', 'control-character'],
  ['U+009F (last C1)', 'Ada\u009F', 'control-character', 'control-character'],
  ['a tab', 'Ada\tLovelace', 'control-character', 'ok'],
  ['LF', 'line one\nline two', 'line-break', 'ok'],
  ['CR LF', 'line one\r\nline two', 'line-break', 'ok'],
  ['a lone CR', 'line one\rline two', 'line-break', 'control-character'],
  ['U+2028 LINE SEPARATOR', 'Ada\u2028', 'line-break', 'ok'],
  ['U+2029 PARAGRAPH SEPARATOR', 'Ada\u2029Lovelace', 'line-break', 'ok'],
  ['U+202A LEFT-TO-RIGHT EMBEDDING', '\u202AAda', 'bidi-control', 'bidi-control'],
  ['U+202E RIGHT-TO-LEFT OVERRIDE', 'Ada \u202Egnp.exe', 'bidi-control', 'bidi-control'],
  ['U+2066 LEFT-TO-RIGHT ISOLATE', '\u2066Ada', 'bidi-control', 'bidi-control'],
  ['U+2069 POP DIRECTIONAL ISOLATE', 'Ada\u2069', 'bidi-control', 'bidi-control'],
  ['a lone high surrogate', 'Ada\uD834', 'lone-surrogate', 'lone-surrogate'],
  ['a lone low surrogate', '\uDD1EAda', 'lone-surrogate', 'lone-surrogate'],
  ['a reversed surrogate pair', '\uDD1E\uD834', 'lone-surrogate', 'lone-surrogate'],
];

describe('formTextProblem', () => {
  it.each(CASES)('%s: one-line %s, multi-line %s', (_description, value, oneLine, multiLine) => {
    expect(formTextProblem(value)?.type ?? 'ok').toBe(oneLine);
    expect(formTextProblem(value, 'one-line')?.type ?? 'ok').toBe(oneLine);
    expect(formTextProblem(value, 'multi-line')?.type ?? 'ok').toBe(multiLine);
  });

  it('refuses every C0 and C1 control, and DEL, in a one-line field', () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, code) => code),
      ...Array.from({ length: 0x21 }, (_, code) => 0x7f + code),
    ];
    for (const codePoint of controls) {
      const problem = formTextProblem(`a${String.fromCodePoint(codePoint)}b`);
      expect(problem, `U+${codePoint.toString(16)}`).toEqual({
        type: codePoint === 0x0a || codePoint === 0x0d ? 'line-break' : 'control-character',
        index: 1,
        codePoint,
      });
    }
  });

  it('names the first offending character by its UTF-16 index and code point', () => {
    expect(formTextProblem('𝄞 Ada\u202E\u0000')).toEqual({
      type: 'bidi-control',
      index: 6,
      codePoint: 0x202e,
    });
    expect(formTextProblem('ok\r\nok\r', 'multi-line')).toEqual({
      type: 'control-character',
      index: 6,
      codePoint: 0x0d,
    });
    expect(formTextProblem('\uD834')).toEqual({ type: 'lone-surrogate', index: 0, codePoint: 0xd834 });
  });

  it('decides on the raw value: characters trim() would remove at the ends are still found', () => {
    for (const value of ['\u2028', 'Ada\u2029', '\u000BAda\u000C']) {
      expect(formTextProblem(value.trim()), JSON.stringify(value)).toBeUndefined();
      expect(formTextProblem(value), JSON.stringify(value)).toBeDefined();
    }
  });
});
