/**
 * Freezes a JSON-like value and everything in it, so one value can be handed to many requests: a
 * request that tried to change it would throw (modules are strict) instead of changing another
 * request's body. Returns the value.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
