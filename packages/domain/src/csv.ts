/**
 * RFC 4180 text with CRLF line ends, for the CSV downloads staff open in a spreadsheet. A text cell
 * that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading
 * apostrophe: names come from parents, diners and operators. Numbers are written as they are.
 */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('');
}
