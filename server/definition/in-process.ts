/**
 * The header that carries a process's own secret on the requests it sends itself (warm-up, prerendered pages'
 * checks): they are no visit, so neither the request log nor monitoring counts them.
 */
export const IN_PROCESS_TOKEN_HEADER = 'x-in-process-token';
