/** A unique index refused the row (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || (typeof message === 'string' && /UNIQUE constraint failed/i.test(message))
  );
}
