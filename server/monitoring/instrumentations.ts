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

/** Runs a step under its observers; it resolves or rejects as the step itself does. */
export type ObserveStep = <T>(
  step: ObservedStep,
  call: () => T | PromiseLike<T>,
  endOf?: (value: T) => StepEnd,
) => Promise<Awaited<T>>;

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

type Settled = { end: StepEnd; value: unknown; threw: boolean };

function observeWith(observers: readonly StepObserver[], logger: Logger): ObserveStep {
  return async function observeStep(step, call, endOf = endOfValue) {
    let settled: Promise<Settled> | undefined;
    const runStep = () => (settled ??= settle(call, endOf as (value: unknown) => StepEnd));
    /** Observer `index` wraps the ones after it, the last wraps the step. */
    const runFrom = (index: number): Promise<StepEnd> => {
      const observer = observers[index];
      if (!observer) return runStep().then(({ end }) => end);
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
    await runFrom(0);
    const { value, threw } = await runStep();
    if (threw) throw value;
    return value as never;
  };
}

async function settle(call: () => unknown, endOf: (value: unknown) => StepEnd): Promise<Settled> {
  try {
    const value = await call();
    return { end: endOf(value), value, threw: false };
  } catch (error) {
    return { end: endOfThrown(error), value: error, threw: true };
  }
}
