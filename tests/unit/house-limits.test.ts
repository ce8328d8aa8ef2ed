// The limits the codebase keeps (docs/README.md): no source file over 300 lines, no function over 60
// without a written reason (a `long function:` comment just above it), and imports that go one way only:
// shared/ imports neither server/ nor client/, and client/ never imports server/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importsOf, parse, ROOT, sourceFiles } from '../helpers/source-files.ts';

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 60;
/** How far above a long function its reason may stand (its doc comment). */
const REASON_REACH_LINES = 12;

/** A test's `describe`/`it` callback is a list of cases, not a function to keep short. */
function isTestCallback(node: ts.Node): boolean {
  const call = node.parent;
  return (
    ts.isCallExpression(call) &&
    /^(describe|describeInChromium|it|test)\b/.test(call.expression.getText().replace(/\s/g, ''))
  );
}

function longFunctions(file: string): string[] {
  const { text, source } = parse(file);
  const lines = text.split('\n');
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && !isTestCallback(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      const reason = lines.slice(Math.max(0, start - REASON_REACH_LINES), start).join('\n');
      if (end - start + 1 > MAX_FUNCTION_LINES && !reason.includes('long function:')) {
        found.push(`${file}:${start + 1} (${end - start + 1} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the house limits', () => {
  const files = sourceFiles();

  it(`keeps every source file at or under ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ file, lines }) => `${file} (${lines} lines)`);
    expect(long).toEqual([]);
  });

  it(`keeps every function at or under ${MAX_FUNCTION_LINES} lines unless a comment says why`, () => {
    expect(files.flatMap(longFunctions)).toEqual([]);
  });

  it('imports one way: shared/ imports neither server/ nor client/; client/ never imports server/', () => {
    const wrongWay = files.flatMap((file) => {
      const forbidden = file.startsWith('shared/')
        ? ['server/', 'client/']
        : file.startsWith('client/')
          ? ['server/']
          : [];
      return importsOf(file)
        .filter((target) => forbidden.some((folder) => target.startsWith(folder)))
        .map((target) => `${file} -> ${target}`);
    });
    expect(wrongWay).toEqual([]);
  });
});
