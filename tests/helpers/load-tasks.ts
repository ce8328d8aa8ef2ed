import type { CDPSession, Page } from 'playwright-core';
import { waitForHydration } from './page-problems.ts';

/**
 * The CPU slowdown of Lighthouse's mobile settings (a mid-range phone), which issue 52's budget is set
 * against: DevTools' Emulation.setCPUThrottlingRate applies it to a page's renderer (throttleCpu), and
 * tasksOfLoad multiplies each task's thread time by it.
 */
export const PHONE_CPU_SLOWDOWN = 4;

/** Makes the page's renderer `rate` times slower until the page closes. */
export async function throttleCpu(page: Page, rate = PHONE_CPU_SLOWDOWN): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  return session;
}

/** One task of the page's main thread. */
export interface MainThreadTask {
  /**
   * The whole task (script, microtasks, style, layout, paint, the garbage collector's pauses on the thread),
   * as it would last on the phone: its thread time times PHONE_CPU_SLOWDOWN.
   */
  phoneMs: number;
  /** The longest kinds of work inside it (`FunctionCall …/entry-….js`, `Layout`, in phone ms), for a failure's message. */
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

/**
 * Loads `url` in `page` and returns every task of its main thread from the navigation until the page is
 * hydrated with all its data and the browser is idle once more, each as long as it would last on the phone.
 *
 * The slowdown is applied as Lighthouse applies it by default (simulated throttling): the page loads at
 * full speed and each task's duration is multiplied. A task is measured in thread time, the CPU its
 * thread spent, so a loaded machine (two test files per core in CI) does not lengthen it: the renderer
 * waiting for a core is the machine's time, not the page's. DevTools' own throttling
 * (Emulation.setCPUThrottlingRate) is no measure here: it pauses the thread in a busy loop for a multiple
 * of the wall time the thread last ran, waits for a core included, so under load its tasks grow with the
 * machine's load, several times over.
 */
export async function tasksOfLoad(page: Page, url: string): Promise<MainThreadTask[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error('tasksOfLoad needs a page of a launched browser');
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
        phoneMs: ms(task) * PHONE_CPU_SLOWDOWN,
        work: [...inside]
          .sort((a, b) => ms(b) - ms(a))
          .slice(0, 4)
          .map(
            (event) =>
              `${event.name}${event.args?.data?.url ? ` ${event.args.data.url}` : ''} ${Math.round(ms(event) * PHONE_CPU_SLOWDOWN)} ms`,
          ),
      };
    });
}

const ms = (event: TraceEvent) => (event.tdur ?? 0) / 1000;
const endOf = (event: TraceEvent) => event.ts + (event.dur ?? 0);

function eventsInside(task: TraceEvent, onMain: TraceEvent[]): TraceEvent[] {
  return onMain.filter((event) => event !== task && event.ts >= task.ts && endOf(event) <= endOf(task));
}
