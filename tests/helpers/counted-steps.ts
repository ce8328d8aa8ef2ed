import type { DataSteps } from '../../server/index.ts';

/** One data step's run: its segment and the page it ran for (path and search). */
export interface StepRun {
  segment: string;
  page: string;
}

/** The same data steps, each recording its run in `ran`: what requests made the server do. */
export function countedSteps(steps: DataSteps, ran: StepRun[]): DataSteps {
  return Object.fromEntries(
    Object.entries(steps).map(([segment, step]) => [
      segment,
      (context: Parameters<typeof step>[0]) => {
        ran.push({ segment, page: `${context.url.pathname}${context.url.search}` });
        return step(context);
      },
    ]),
  );
}

/** The segments whose steps ran for `page` (path and search), in order. */
export function stepsFor(ran: readonly StepRun[], page: string): string[] {
  return ran.filter((run) => run.page === page).map((run) => run.segment);
}
