import type { Request, Response } from 'express';
import { HttpError, NotFound, Redirect } from '../../shared/routing/control-signals.ts';
import type { AnswerHead } from '../definition/middleware.ts';
import type { ReportError } from '../monitoring/report-error.ts';
import { holdAnswer } from '../request/held-answer.ts';
import { ClientDisconnectedError } from '../request/request-abort.ts';

/** A `next()` a middleware waits on: settled by the answer below it, or by the middleware below it. */
export interface Waiting {
  promise: Promise<AnswerHead>;
  resolve: (head: AnswerHead) => void;
  reject: (error: unknown) => void;
}

/** A middleware's answer after its `next()` resolved: not what the runtime can use. */
export class LateMiddlewareError extends Error {
  override readonly name = 'LateMiddlewareError';
}

/**
 * The middleware of one request that called `next()`, as an onion: the innermost's `next()` settles with the
 * answer (its head, held until the outermost has returned) or with the error the caller reports, and each
 * middleware's end settles the `next()` of the one above it. Made by the first `next()` of a request.
 *
 * long function: the onion's layers, the held answer and the release share one request's state.
 */
export function createWrapping(response: Response, signal: AbortSignal, reportError: ReportError) {
  let innermost: Waiting | undefined;
  let headDecided = false;
  /** The caller of `failed()`, waiting for what to answer. */
  let answerWith: ((answer: unknown) => void) | undefined;
  const hold = holdAnswer(response, (head) => {
    headDecided = true;
    innermost?.resolve(head);
  });
  let released = false;
  /** The outermost middleware has ended: what was held goes out. */
  const release = () => {
    if (released) return;
    released = true;
    hold.release();
  };
  // A client gone, or the deadline: the middleware get the reason, and nothing stays held. Also every
  // answered request's 'close', where nobody waits: the reason (an Error, its stack captured) is made only
  // for someone to get it.
  const giveUp = () => {
    const waiting = headDecided ? undefined : innermost;
    if (waiting || answerWith) {
      const reason = signal.reason ?? new ClientDisconnectedError('Client disconnected');
      waiting?.reject(reason);
      answerWith?.(reason);
    }
    release();
  };
  if (signal.aborted) giveUp();
  else signal.addEventListener('abort', giveUp, { once: true });
  response.once('close', giveUp);

  return {
    /** The `next()` of a middleware: waits on what runs below it, the innermost so far. */
    wait(): Waiting {
      const waiting = deferred();
      innermost = waiting;
      return waiting;
    },
    /**
     * A wrapping middleware has ended (`ended`: its own promise) and its `next()` (`waiting`) has settled:
     * the `next()` above it (`outer`) settles with the same head. After an error below, what it throws (or a
     * control signal it returns) is the answer when it is an HttpError or a control signal (the ones above
     * see that answer's head); anything else goes up to them as their `next()`'s rejection.
     */
    ended(waiting: Waiting, ended: Promise<unknown>, outer: Waiting | undefined, segmentId: string): void {
      const answered = (head: AnswerHead) => (outer ? outer.resolve(head) : release());
      const translated = (answer: unknown) => {
        innermost = outer;
        if (!outer) release();
        answerWith?.(answer);
      };
      const passedUp = (error: unknown) => {
        if (outer) return outer.reject(error);
        release();
        answerWith?.(error);
      };
      waiting.promise.then(
        (head) =>
          ended.then(
            (value) => {
              if (value !== undefined) reportLate(value, segmentId);
              answered(head);
            },
            (error: unknown) => {
              reportLate(error, segmentId);
              answered(head);
            },
          ),
        (below: unknown) =>
          ended.then(
            (value) => (isAnswer(value) ? translated(value) : passedUp(below)),
            (error: unknown) => (isAnswer(error) ? translated(error) : passedUp(error)),
          ),
      );
    },
    /**
     * An unexpected error below the middleware: their `next()` rejects with it, and this resolves with what
     * to answer: the HttpError or control signal one of them made of it, or the error the outermost let
     * through. Once the head is decided, the error as it is.
     */
    failed(error: unknown): Promise<unknown> {
      // Released already: the deadline or a gone client ended the middleware before this error came up.
      if (headDecided || !innermost || released) return Promise.resolve(error);
      const answer = new Promise<unknown>((resolve) => {
        answerWith = resolve;
      });
      innermost.reject(error);
      return answer;
    },
  };

  function reportLate(value: unknown, segmentId: string): void {
    const message =
      value instanceof Error
        ? `Middleware of "${segmentId}" threw after its next() resolved: the answer was sent as it was`
        : `Middleware of "${segmentId}" returned a value after calling next(): pass what it adds to next(values)`;
    reportError(new LateMiddlewareError(message, { cause: value }), response.req as Request);
  }
}

export type Wrapping = ReturnType<typeof createWrapping>;

function deferred(): Waiting {
  let resolve!: Waiting['resolve'];
  let reject!: Waiting['reject'];
  const promise = new Promise<AnswerHead>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  // A middleware that stops waiting (it threw before awaiting) must not leave an unhandled rejection.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** What a middleware may answer an error with: a control signal or an HttpError, as it could before next(). */
function isAnswer(value: unknown): value is Redirect | NotFound | HttpError {
  return value instanceof Redirect || value instanceof NotFound || value instanceof HttpError;
}
