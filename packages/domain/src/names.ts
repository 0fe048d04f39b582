// A person's name as the product shows and stores it (card.ts re-exports both for the forms that validate names).

/** "Dana Diner", "Dana", "Diner", or null when there is no name at all. */
export function displayFullName(name: { first_name?: string | null; last_name?: string | null }): string | null {
  const parts = [name.first_name, name.last_name].map((part) => part?.trim().replace(/\s+/g, ' ') ?? '').filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : null;
}

/** "Marie-Ève de la Tour" -> { first_name: "Marie-Ève", last_name: "de la Tour" }. */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const text = fullName.trim().replace(/\s+/g, ' ');
  const space = text.indexOf(' ');
  return space < 0 ? { first_name: text, last_name: '' } : { first_name: text.slice(0, space), last_name: text.slice(space + 1) };
}
