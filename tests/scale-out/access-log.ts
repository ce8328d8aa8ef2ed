/** nginx's access log, as the scale-out tests' nginx writes it (nginx.ts). */
export interface AccessLogEntry {
  /** ms since the epoch */
  at: number;
  upstreamAddr: string;
  upstreamStatus: string;
  line: string;
}

/** Lines of the `upstreams` log format: `$msec $status "$request" upstream=... upstream_status=...`. */
export function parseAccessLog(text: string): AccessLogEntry[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const match = /^(\d+\.\d+) .* upstream=(.*) upstream_status=(.*)$/.exec(line);
      return {
        at: match ? Math.round(Number(match[1]) * 1000) : 0,
        upstreamAddr: match?.[2] ?? '',
        upstreamStatus: match?.[3] ?? '',
        line,
      };
    });
}
