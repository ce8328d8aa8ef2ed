/** The second whose ISO 8601 text (up to and with its '.') was last made, and that text. */
let cachedSecond = Number.NaN;
let cachedPrefix = '';

/**
 * pino's `timestamp`: the field `,"time":"2026-12-07T09:51:11.223Z"`, exactly as pino's `isoTime` writes
 * it, without a Date and its formatting per line: the text up to the milliseconds is made once a second,
 * and each line adds only its three digits. The request log writes a line per request.
 */
export function isoTimeField(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedPrefix = `,"time":"${new Date(second * 1000).toISOString().slice(0, -4)}`;
  }
  const milliseconds = now - second * 1000;
  return `${cachedPrefix}${milliseconds < 10 ? '00' : milliseconds < 100 ? '0' : ''}${milliseconds}Z"`;
}
