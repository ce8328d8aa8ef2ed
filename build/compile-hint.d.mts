/** Types for build/compile-hint.mjs, so tests can import it under `tsc --strict`. */
export const EAGER_COMPILE_HINT: string;

interface OutputFile {
  path: string;
  text: string;
  contents: Uint8Array;
}

/** The output files with the entry's script marked for eager compilation, its source map shifted to match. */
export function hintEntryCompile(
  outputFiles: readonly OutputFile[],
  metafile: { outputs: Record<string, { entryPoint?: string }> },
  entry: string,
): OutputFile[];
