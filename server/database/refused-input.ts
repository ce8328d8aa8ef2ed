import { HttpError } from '../../shared/routing/control-signals.ts';

/**
 * A query parameter the database cannot take as given: text with NUL (Postgres text cannot hold U+0000), a
 * lone UTF-16 surrogate (it would be stored as U+FFFD, silently changed), or a value its column refuses
 * (too long, not a number, not a UUID: SQLSTATE class 22, "data exception"). It comes from outside input
 * that no check above let through, so it is the visitor's error, never a 5xx: an HttpError (422), which the
 * runtime answers as it answers any (an action's 422, an error page with that status) and does not report.
 * The runtime knows nothing of the database: an app that means something else by it (a URL that names
 * nothing: notFound()) catches it where it queries.
 */
export class RefusedInputError extends HttpError {
  override readonly name = 'RefusedInputError';
  constructor(detail: string, options?: ErrorOptions) {
    super(422, 'The form holds a value that cannot be stored.');
    // The detail is for the logs; the visitor sees only the public message.
    this.message = detail;
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** NUL, or a surrogate half without its partner (not well-formed UTF-16). */
function isUnstorable(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit === 0 || (unit >= 0xdc00 && unit <= 0xdfff)) return true;
    if (unit < 0xd800 || unit > 0xdbff) continue;
    const next = value.charCodeAt(index + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
    index += 1;
  }
  return false;
}

/**
 * Throws RefusedInputError for a parameter (or an array element: `= any($1)`) that holds text the database
 * cannot store unchanged. Every query of both engines passes its parameters through this first.
 */
export function refuseUnstorableParams(params: readonly unknown[]): void {
  for (const [index, value] of params.entries()) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some(isUnstorable))
      throw new RefusedInputError(`Query parameter $${index + 1} holds NUL or a lone surrogate`);
  }
}

/**
 * SQLSTATEs of a value the database cannot take (https://www.postgresql.org/docs/current/errcodes-appendix.html).
 * Not all of class 22: a division by zero is our bug and stays a 500.
 */
const VALUE_REFUSED_CODES = new Set([
  '22001', // string_data_right_truncation: longer than its column
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire: NUL, bad UTF-8
  '22P02', // invalid_text_representation: not a number, not a UUID
  '22P05', // untranslatable_character
  '54000', // program_limit_exceeded: too large for an index row
]);

/** A database error caused by a parameter's value as RefusedInputError; any other error as is. */
export function asRefusedInput(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !VALUE_REFUSED_CODES.has(code)) return error;
  return new RefusedInputError(`The database refused a value (${code}): ${(error as Error).message}`, {
    cause: error,
  });
}
