/** The JSON lines of a data endpoint answer (`application/x-ndjson`), parsed. */
export function dataLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
