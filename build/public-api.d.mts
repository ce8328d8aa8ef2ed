/** Types for build/public-api.mjs, so tests can call it under `tsc --strict`. */

/** What an export is to the app importing it. */
export type ExportKind = 'function' | 'component' | 'class' | 'const' | 'type';

/** One name a public entry exports, followed through its re-exports to its declaration. */
export interface PublicExport {
  name: string;
  kind: ExportKind;
  /** The file that declares it, a `/`-separated path from the project root, and the declaration's line. */
  file: string;
  line: number;
  /** The text of its `/** … *\/` comment; '' when it has none. */
  doc: string;
  /** Names reached through it: a type's properties, a function's result's (`useFetcher().submit`). */
  members: string[];
}

export interface PublicEntry {
  entry: string;
  exports: PublicExport[];
}

export const PUBLIC_ENTRIES: readonly string[];
export function publicApi(root?: string): PublicEntry[];
export function formatPublicApi(api: PublicEntry[]): string;
