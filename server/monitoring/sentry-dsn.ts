/**
 * Sentry DSNs (`https://<public key>[:<secret>]@<host>[:<port>][/<path prefix>]/<project id>`), parsed strictly
 * and compared part by part. The tunnel trusts an envelope only when its header's DSN is the configured one,
 * so this parser accepts no form that a URL parser would quietly rewrite: no whitespace or control
 * characters, no backslashes, no percent-escapes, no `.`/`..` path segments, one `@` only. Case does not
 * matter in the scheme and host (as in every URL); a default port may be written or left out.
 */
export interface Dsn {
  /** `http` or `https`. */
  scheme: string;
  /** Lower-cased host name or bracketed IPv6 address. */
  host: string;
  /** Always explicit: 80 or 443 when the DSN leaves it out. */
  port: number;
  /** The path before the project id, without a trailing slash (`''` or `/sentry`). */
  pathPrefix: string;
  projectId: string;
  publicKey: string;
  /** The legacy secret key after `:` in the user part, if any. */
  secretKey: string | undefined;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443 };

// Letters, digits and `-._~` (RFC 3986 unreserved) for keys and path segments; hosts are names or [IPv6].
const DSN_SYNTAX =
  /^(https?):\/\/([A-Za-z0-9_~.-]+)(?::([A-Za-z0-9_~.-]+))?@([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?((?:\/[A-Za-z0-9_~.-]+)*)\/(\d+)$/i;

/** The DSN's parts, or null when `value` is not a DSN in the strict form above. Never throws. */
export function parseDsn(value: unknown): Dsn | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  const match = DSN_SYNTAX.exec(value);
  if (!match) return null;
  const [, scheme = '', publicKey = '', secretKey, host = '', port, pathPrefix = '', projectId = ''] = match;
  if (pathPrefix.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  const lowerScheme = scheme.toLowerCase();
  const portNumber = port === undefined ? (DEFAULT_PORTS[lowerScheme] as number) : Number(port);
  if (portNumber < 1 || portNumber > 65_535) return null;
  return {
    scheme: lowerScheme,
    host: host.toLowerCase(),
    port: portNumber,
    pathPrefix,
    projectId,
    publicKey,
    secretKey,
  };
}

/** Whether two DSNs are the same in every part (scheme, host, port, path prefix, project, keys). */
export function isSameDsn(a: Dsn, b: Dsn): boolean {
  return (
    a.scheme === b.scheme &&
    a.host === b.host &&
    a.port === b.port &&
    a.pathPrefix === b.pathPrefix &&
    a.projectId === b.projectId &&
    a.publicKey === b.publicKey &&
    a.secretKey === b.secretKey
  );
}

/** Where envelopes for a DSN go, as the SDK itself builds it (@sentry/core's getEnvelopeEndpoint). */
export function envelopeUrlOf(dsn: Dsn): string {
  const port = dsn.port === DEFAULT_PORTS[dsn.scheme] ? '' : `:${dsn.port}`;
  return `${dsn.scheme}://${dsn.host}${port}${dsn.pathPrefix}/api/${dsn.projectId}/envelope/`;
}
