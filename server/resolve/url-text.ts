import type { RouteParams } from '../../shared/routing/route-table.ts';
import { formTextProblem } from './form-text-problem.ts';

/**
 * Text from a URL is checked like a one-line form field: a param or search value holding a control
 * character (NUL above all: Postgres text cannot hold it), a line break, a bidi control or a lone surrogate
 * is no address a person or our links wrote. The page answers it (404 for a param, 400 for the search)
 * before any data step can pass it to a query.
 */
export function hasUnacceptableParam(names: readonly string[], params: RouteParams): boolean {
  return names.some((name) => {
    const value = params[name];
    const pieces = Array.isArray(value) ? value : [value];
    return pieces.some((piece) => typeof piece === 'string' && formTextProblem(piece) !== undefined);
  });
}

/** Whether a search string (`?a=b`, or empty) has a key or value that is not one-line text (see above). */
export function hasUnacceptableSearch(search: string): boolean {
  if (search === '' || search === '?') return false;
  for (const [key, value] of new URLSearchParams(search)) {
    if (formTextProblem(key) !== undefined || formTextProblem(value) !== undefined) return true;
  }
  return false;
}
