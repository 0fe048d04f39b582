/** The current query with some parameters set (or removed with null), as "?a=1&b=2" ("" when empty). */
export function withQuery(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
