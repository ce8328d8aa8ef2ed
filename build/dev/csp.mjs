// Dev mode only: the proxy puts its same-origin reload script into pages whose Content-Security-Policy may
// not allow it. Only the dev proxy does this, for its own script; production headers are never touched.
import { randomBytes } from 'node:crypto';

const SCRIPT = ['script-src-elem', 'script-src', 'default-src'];
const CONNECT = ['connect-src', 'default-src'];

/**
 * Lets a page's Content-Security-Policy load the dev script (`<script src="/__dev/reload.js">`, same
 * origin) and open its EventSource (same origin). Returns the header to send (the original one when
 * nothing had to change) and the nonce to put on the script tag, if any:
 * - a nonce in the policy that governs script elements (`script-src-elem`, else `script-src`, else
 *   `default-src`) is reused, so a nonce-based policy, even with 'strict-dynamic', needs no change;
 * - otherwise a policy that allows 'self' (or `*`) needs no change;
 * - otherwise the governing directive gets 'self' (or, with 'strict-dynamic', which ignores 'self', a nonce
 *   of ours); if the governing directive is a fallback, a `script-src` with its sources plus that one is
 *   added instead, so nothing but scripts is relaxed. `connect-src` (else `default-src`) likewise gets 'self'.
 */
export function relaxCspForDevScript(header) {
  if (!header) return { header, nonce: undefined };
  const headers = Array.isArray(header) ? header : [header];
  const parsed = headers.map(parseHeader);
  const policies = parsed.flat();
  let nonce = policies.map(nonceOf).find(Boolean);
  let changed = false;
  for (const policy of policies) {
    const script = find(policy, SCRIPT);
    if (script) {
      const strict = has(script.sources, "'strict-dynamic'");
      const allowed =
        (nonce && has(script.sources, `'nonce-${nonce}'`)) ||
        (!strict && (has(script.sources, "'self'") || has(script.sources, '*')));
      if (!allowed && strict) nonce ??= randomBytes(18).toString('base64');
      if (!allowed) changed = allow(policy, SCRIPT, strict ? `'nonce-${nonce}'` : "'self'");
    }
    const connect = find(policy, CONNECT);
    if (connect && !has(connect.sources, "'self'") && !has(connect.sources, '*')) {
      changed = allow(policy, CONNECT, "'self'");
    }
  }
  if (!changed) return { header, nonce };
  const serialized = parsed.map(serializeHeader);
  return { header: Array.isArray(header) ? serialized : serialized[0], nonce };
}

/** One header value: its policies (comma-separated), each a list of directives { name, sources }. */
function parseHeader(value) {
  return value.split(',').map((policy) =>
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => ({ name: name.toLowerCase(), sources })),
  );
}

function serializeHeader(policies) {
  return policies
    .map((policy) => policy.map(({ name, sources }) => [name, ...sources].join(' ')).join('; '))
    .join(', ');
}

/** The first of `names` the policy has: the directive that governs `names[0]`. */
function find(policy, names) {
  for (const name of names) {
    const directive = policy.find((candidate) => candidate.name === name);
    if (directive) return directive;
  }
  return undefined;
}

/** The nonce the policy gives script elements, if any. */
function nonceOf(policy) {
  const sources = find(policy, SCRIPT)?.sources ?? [];
  const found = sources.find((source) => /^'nonce-[A-Za-z0-9+/_=-]+'$/i.test(source));
  return found?.slice("'nonce-".length, -1);
}

function has(sources, wanted) {
  return sources.some((source) => source.toLowerCase() === wanted.toLowerCase());
}

/** Adds `source` to the directive that governs `names[0]`, or adds that directive with the fallback's sources. */
function allow(policy, names, source) {
  const directive = find(policy, names);
  const sources = [...directive.sources.filter((existing) => existing.toLowerCase() !== "'none'"), source];
  if (directive.name === names[0] || (names[0] === 'script-src-elem' && directive.name === 'script-src')) {
    directive.sources = sources;
  } else {
    policy.push({ name: names[0] === 'script-src-elem' ? 'script-src' : names[0], sources });
  }
  return true;
}
