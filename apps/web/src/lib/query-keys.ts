/**
 * Every server-state key of the app, in one place so that a write invalidates exactly what it
 * changes. A key names the resource first, then what it belongs to (restaurant, user, language):
 * `['students', restaurantId, userId]`. Invalidating by a prefix (`['students']`) reaches them all.
 */
export const queryKeys = {
  /** The signed-in user and operator (lib/session.ts). */
  session: ['session'] as const,
};
