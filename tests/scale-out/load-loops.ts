// The scale-out test's load: concurrent loops of GETs through nginx, every request bounded, every answer and
// failure recorded with its time, so a test can say whether the site was served throughout.

/** An ordinary browser (not a crawler), so pages stream their shell first. */
export const PERSON_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** The load: LOAD_LOOPS concurrent request loops over LOAD_PATHS, each bounded in count and time. */
const LOAD_PATHS = ['/', '/shop', '/products/chef-knife-20cm', '/healthz'] as const;
export const LOAD_LOOPS = 8;
const MAX_REQUESTS_PER_LOOP = 5_000;
const LOAD_HARD_LIMIT_MS = 30_000;
export const REQUEST_TIMEOUT_MS = 5_000;
/** "Served throughout": every window of this length during the load has successful responses. */
export const WINDOW_MS = 500;

export interface Failure {
  sentAt: number;
  path: string;
  detail: string;
}

export interface LoadResult {
  started: number;
  ended: number;
  /** When each successful answer (200 with a complete body) ended. */
  ok: number[];
  failures: Failure[];
}

/** LOAD_LOOPS concurrent loops of GETs until `stop()`, MAX_REQUESTS_PER_LOOP each, or LOAD_HARD_LIMIT_MS. */
export async function runLoad(origin: string, stop: () => boolean): Promise<LoadResult> {
  const started = Date.now();
  const hardDeadline = started + LOAD_HARD_LIMIT_MS;
  const ok: number[] = [];
  const failures: Failure[] = [];
  await Promise.all(
    Array.from({ length: LOAD_LOOPS }, async (_, loop) => {
      for (let count = 0; count < MAX_REQUESTS_PER_LOOP && !stop() && Date.now() < hardDeadline; count++) {
        const requestPath = LOAD_PATHS[(loop + count) % LOAD_PATHS.length]!;
        const sentAt = Date.now();
        try {
          const response = await fetch(`${origin}${requestPath}`, {
            redirect: 'manual',
            headers: { 'User-Agent': PERSON_USER_AGENT, 'Accept-Language': 'en' },
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          const body = await response.text();
          const complete = requestPath === '/healthz' ? body === 'ok' : body.trimEnd().endsWith('</html>');
          if (response.status === 200 && complete) ok.push(Date.now());
          else {
            const problem = complete ? '' : ' (incomplete body)';
            const detail = `status ${response.status}${problem}: ${body.slice(0, 160)}`;
            failures.push({ sentAt, path: requestPath, detail });
          }
        } catch (error) {
          failures.push({ sentAt, path: requestPath, detail: describeError(error) });
        }
      }
    }),
  );
  return { started, ended: Date.now(), ok, failures };
}

/** Start offsets (from the load's start) of the full windows in which no request was answered. */
export function silentWindowsOf({ started, ended, ok }: LoadResult): number[] {
  const counts = new Array<number>(Math.floor((ended - started) / WINDOW_MS)).fill(0);
  for (const time of ok) {
    const index = Math.floor((time - started) / WINDOW_MS);
    if (index < counts.length) counts[index]! += 1;
  }
  return counts.flatMap((count, index) => (count === 0 ? [index * WINDOW_MS] : []));
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}`;
}

// --- requests ---------------------------------------------------------------------------------------------
