/**
 * Freezes a value and everything it holds. Data built once at start is handed to every request; frozen,
 * no request (or future feature) can change what the next one sees.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
