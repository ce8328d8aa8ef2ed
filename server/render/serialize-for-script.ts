/**
 * The one serializer for data written into inline `<script>`s. JSON is valid JavaScript, but `<` could
 * close the script (`</script>`) or open a comment (`<!--`), and U+2028/U+2029 end lines in old parsers;
 * escaping them as `\uXXXX` keeps the value identical once parsed. `undefined` becomes `null`.
 */
export function serializeForScript(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  return json.replace(/[<\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
