const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;

/**
 * The one serializer for data written into inline `<script>`s. JSON is valid JavaScript, but `<` could
 * close the script (`</script>`) or open a comment (`<!--`), and U+2028/U+2029 end lines in old parsers;
 * escaping them as `\uXXXX` keeps the value identical once parsed. `undefined` becomes `null`.
 */
export function serializeForScript(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  // Most payloads hold none of the three: three indexOf scans cost much less than one scan by the regex,
  // which the replace would make to find nothing.
  if (json.indexOf('<') === -1 && json.indexOf('\u2028') === -1 && json.indexOf('\u2029') === -1) return json;
  return json.replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
