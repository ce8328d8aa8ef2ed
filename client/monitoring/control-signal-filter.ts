/**
 * redirect() and notFound() are control flow, not failures. Recognised by their `kind`: importing their
 * classes here would put them in a chunk shared with the entry, which every first visit loads.
 */
export function withoutControlSignals<E>(event: E, hint: { originalException?: unknown }): E | null {
  const kind = (hint.originalException as { kind?: unknown } | null)?.kind;
  return kind === 'redirect' || kind === 'not-found' ? null : event;
}
