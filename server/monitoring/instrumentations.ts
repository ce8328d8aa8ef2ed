import type {
  ObservedKind,
  ObservedStep,
  RequestErrorFacts,
  ServerInstrumentation,
  StepEnd,
  StepObserver,
} from '../definition/instrumentation.ts';
import type { Logger } from '../definition/logger.ts';
import { errorDetails } from './logger.ts';
import { endOfThrown, endOfValue } from './step-end.ts';

/** Every error hook of the app's instrumentations in one: returns the first id one of them gave. */
export type ErrorHook = (error: unknown, facts: RequestErrorFacts) => string | undefined;

/**
 * Runs a step under its observers and hands on what the step returned or threw, as it did: synchronously when
 * the step did and every observer called `run` before returning (as one that wraps the step does), so a step
 * that needs no await costs its caller none; otherwise once the observers let it run.
 */
export type ObserveStep = <T>(
  step: ObservedStep,
  call: () => T,
  endOf?: (value: Awaited<T>) => StepEnd,
) => T | Promise<Awaited<T>>;

/** The observers of each kind, composed; a kind nobody observes is absent, so its steps are left as they are. */
export type StepObservers = Partial<Record<ObservedKind, ObserveStep>>;

/** Which member of an instrumentation observes each kind. */
const MEMBER_OF = {
  middleware: 'middleware',
  'data-step': 'dataStep',
  action: 'action',
  resource: 'resource',
  render: 'render',
} as const satisfies Record<ObservedKind, keyof ServerInstrumentation>;

/** The error hooks in order; an error a hook throws is logged and the next hook is still told. */
export function composeErrorHooks(
  instrumentations: readonly ServerInstrumentation[],
  logger: Logger,
): ErrorHook {
  const hooks = instrumentations.flatMap(({ onRequestError }) => onRequestError ?? []);
  return function onRequestError(error, facts) {
    let eventId: string | undefined;
    for (const hook of hooks) {
      try {
        const id = hook(error, facts);
        if (typeof id === 'string') eventId ??= id;
      } catch (failure) {
        logger.error({ ...errorDetails(failure) }, 'an onRequestError hook threw');
      }
    }
    return eventId;
  };
}

/** The observers of each kind, the first instrumentation's outermost. */
export function composeObservers(
  instrumentations: readonly ServerInstrumentation[],
  logger: Logger,
): StepObservers {
  const composed: StepObservers = {};
  for (const kind of Object.keys(MEMBER_OF) as ObservedKind[]) {
    const observers = instrumentations.flatMap((instrumentation) => instrumentation[MEMBER_OF[kind]] ?? []);
    if (observers.length > 0) composed[kind] = observeWith(observers, logger);
  }
  return composed;
}

/** What the step did: returned or threw `outcome`, and how it ended, for the observers. */
type Ran = { outcome: unknown; threw: boolean; end: Promise<StepEnd> };

function observeWith(observers: readonly StepObserver[], logger: Logger): ObserveStep {
  return function observeStep(step, call, endOf = endOfValue) {
    let ran: Ran | undefined;
    const runStep = () => {
      ran ??= runOnce(call, endOf as (value: unknown) => StepEnd);
      return ran.end;
    };
    /** Observer `index` wraps the ones after it, the last wraps the step. */
    const runFrom = (index: number): Promise<StepEnd> => {
      const observer = observers[index];
      if (!observer) return runStep();
      let inner: Promise<StepEnd> | undefined;
      const run = () => (inner ??= runFrom(index + 1));
      let observing: unknown;
      try {
        observing = observer(step, run);
      } catch (error) {
        observing = Promise.reject(error);
      }
      return Promise.resolve(observing).then(run, (error: unknown) => {
        logger.error({ ...errorDetails(error), kind: step.kind }, 'an instrumentation observer threw');
        return run();
      });
    };
    const observed = runFrom(0);
    if (ran) return handOn(ran);
    // An observer held the step back: it runs once that observer has settled (runFrom's fallback).
    return observed.then(() => handOn(ran as Ran));
  } as ObserveStep;
}

function runOnce(call: () => unknown, endOf: (value: unknown) => StepEnd): Ran {
  try {
    const outcome = call();
    return { outcome, threw: false, end: Promise.resolve(outcome).then(endOf, endOfThrown) };
  } catch (error) {
    return { outcome: error, threw: true, end: Promise.resolve(endOfThrown(error)) };
  }
}

/** The step's own outcome, for its caller: its value (a promise when it returned one), or what it threw. */
function handOn({ outcome, threw }: Ran): unknown {
  if (threw) throw outcome;
  return outcome;
}
