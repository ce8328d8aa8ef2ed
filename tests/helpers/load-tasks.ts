import type { CDPSession, Page } from 'playwright-core';
import { waitForHydration } from './page-problems.ts';

/**
 * The CPU slowdown of Lighthouse's mobile settings (a mid-range phone), which issue 52's budget is set
 * against; DevTools' Emulation.setCPUThrottlingRate applies it to the page's renderer.
 */
export const PHONE_CPU_SLOWDOWN = 4;

/** Makes the page's renderer `rate` times slower until the page closes. */
export async function throttleCpu(page: Page, rate = PHONE_CPU_SLOWDOWN): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  return session;
}

/** One task of the page's main thread, in thread time at the phone's slowdown. */
export interface MainThreadTask {
  /** The whole task: script, style, layout, paint. */
  totalMs: number;
  /** Its scripts (evaluating a module, a callback, React's work), the part that hydration can cut up. */
  scriptMs: number;
  /** The longest kinds of work inside it (`FunctionCall …/entry-….js`, `Layout`), for a failure's message. */
  work: string[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } };
}

/** Trace events that run a page's script; what runs inside one is counted with it. */
const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
]);

/**
 * Loads `url` in `page` at the phone's CPU slowdown and returns every task of its main thread from the
 * navigation until the page is hydrated with all its data and the browser is idle once more. Tasks are
 * measured in thread time, not wall time: on a loaded machine the renderer waits for a core between its
 * slices, which is the machine's work, not the page's.
 */
export async function tasksOfLoad(page: Page, url: string): Promise<MainThreadTask[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error('tasksOfLoad needs a page of a launched browser');
  await throttleCpu(page);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  let events: TraceEvent[];
  try {
    await page.goto(url);
    await waitForHydration(page);
    await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 5_000 })));
  } finally {
    events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      .traceEvents;
  }
  return mainThreadTasks(events, url);
}

function mainThreadTasks(events: TraceEvent[], url: string): MainThreadTask[] {
  // The page's renderer is the one that parsed its HTML; its main thread is CrRendererMain.
  const parser = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url === url);
  const thread = events.find(
    (event) =>
      event.name === 'thread_name' && event.pid === parser?.pid && event.args?.name === 'CrRendererMain',
  );
  if (!thread) throw new Error(`the trace has no main thread of a renderer that parsed ${url}`);
  const onMain = events
    .filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  return onMain
    .filter((event) => event.name === 'RunTask' && event.tdur !== undefined)
    .map((task) => {
      const inside = eventsInside(task, onMain);
      return {
        totalMs: ms(task),
        scriptMs: outermost(inside.filter((event) => SCRIPT_EVENTS.has(event.name))).reduce(
          (sum, event) => sum + ms(event),
          0,
        ),
        work: [...inside]
          .sort((a, b) => ms(b) - ms(a))
          .slice(0, 4)
          .map(
            (event) =>
              `${event.name}${event.args?.data?.url ? ` ${event.args.data.url}` : ''} ${Math.round(ms(event))} ms`,
          ),
      };
    });
}

const ms = (event: TraceEvent) => (event.tdur ?? 0) / 1000;
const endOf = (event: TraceEvent) => event.ts + (event.dur ?? 0);

function eventsInside(task: TraceEvent, onMain: TraceEvent[]): TraceEvent[] {
  return onMain.filter((event) => event !== task && event.ts >= task.ts && endOf(event) <= endOf(task));
}

/** The events (sorted by start) not nested in an earlier one of the list. */
function outermost(sorted: TraceEvent[]): TraceEvent[] {
  const kept: TraceEvent[] = [];
  for (const event of sorted) {
    const last = kept.at(-1);
    if (!last || event.ts >= endOf(last)) kept.push(event);
  }
  return kept;
}
