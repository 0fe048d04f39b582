/**
 * A kitchen ticket as ESC/POS bytes (docs/kitchen-printing.md, docs/decisions/0099-network-ticket-printer.md).
 * Pure: plain data in, bytes out; no clock, no I/O. What a cook reads, in this order: the order
 * number (bold, double size), the order type with its table or pickup time (bold, double height),
 * a few facts, each line as "2 x Name" with its options and instructions indented under it, the
 * order's notes, a footer, then a feed and a cut. No money: a kitchen ticket is for cooking.
 *
 * Text goes out in code page 858 (CP850 with the euro sign; `ESC t 19`), which Epson printers and
 * the common clones carry and which holds every accented letter of French but "œ"/"Œ": those are
 * written "oe"/"OE", typographic quotes and dashes their ASCII forms, anything else "?". Every
 * control character in the text (a diner's notes included) is dropped, so no text can carry a
 * printer command (open the drawer, cut, change the code page).
 */

export const ESC = 0x1b;
export const GS = 0x1d;
export const LF = 0x0a;

/** Columns of Font A on the two usual paper widths. */
export const PAPER_COLUMNS = { 58: 32, 80: 48 } as const;
export type PaperWidth = keyof typeof PAPER_COLUMNS;

/** Epson's number for PC858 in `ESC t n`. */
export const CODE_PAGE_858 = 19;

/** Bytes 0x80..0xFF of code page 858, in order. */
const CP858_HIGH =
  'ÇüéâäàåçêëèïîìÄÅ' +
  'ÉæÆôöòûùÿÖÜø£Ø×ƒ' +
  'áíóúñÑªº¿®¬½¼¡«»' +
  '░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐' +
  '└┴┬├─┼ãÃ╚╔╩╦╠═╬¤' +
  'ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀' +
  'ÓßÔÒõÕµþÞÚÛÙýÝ¯´' +
  '\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

const TO_CP858 = new Map<string, number>([...CP858_HIGH].map((char, index) => [char, 0x80 + index]));

/** Letters code page 858 lacks, written as a cook would read them. */
const SPELLED: Readonly<Record<string, string>> = {
  œ: 'oe',
  Œ: 'OE',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u202f': ' ',
  '\u2009': ' ',
  Ÿ: 'Y',
};

/** Drops control characters (C0, DEL, C1) and joins runs of white space into one space. */
export function printableText(text: string): string {
  return (
    text
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The text as code page 858 bytes; `text` must already be printable (no control characters). */
export function encodeCp858(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code < 0x7f) bytes.push(code);
    else if (TO_CP858.has(char)) bytes.push(TO_CP858.get(char)!);
    else if (SPELLED[char] !== undefined) for (const spelled of SPELLED[char]) bytes.push(spelled.charCodeAt(0));
    else bytes.push(0x3f);
  }
  return bytes;
}

/** The width of the text once printed: one column per character, "œ" two. */
function printedLength(text: string): number {
  let length = 0;
  for (const char of text) length += SPELLED[char]?.length ?? 1;
  return length;
}

/**
 * Word-wraps `text` to `width` columns; lines after the first start with `indent` spaces. A word
 * longer than a line is cut.
 */
export function wrapText(text: string, width: number, indent = 0): string[] {
  const lines: string[] = [];
  const lead = () => (lines.length > 0 ? ' '.repeat(indent) : '');
  let line = '';
  for (let word of printableText(text)
    .split(' ')
    .filter((each) => each !== '')) {
    for (;;) {
      const candidate = line === '' ? lead() + word : `${line} ${word}`;
      if (printedLength(candidate) <= width) {
        line = candidate;
        break;
      }
      if (line !== '') {
        lines.push(line);
        line = '';
        continue;
      }
      // A word that fits no line: as much of it as fits, the rest on the next line.
      let head = lead();
      const chars = [...word];
      // At least one character per line, however narrow the paper.
      head += chars.shift()!;
      while (chars.length > 0 && printedLength(head + chars[0]!) <= width) head += chars.shift()!;
      lines.push(head);
      word = chars.join('');
      if (word === '') break;
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

export interface TicketLine {
  quantity: number;
  name: string;
  options: readonly string[];
  instructions?: string | null | undefined;
}

/** Everything on the ticket, already worded in the kitchen's language (use-cases/platform/kitchen-tickets.ts). */
export interface KitchenTicket {
  /** "#1234", or a test print's title. */
  title: string;
  /** The order type and its table or pickup time: "DINE-IN - TABLE 3", "PICKUP 18:30". */
  heading: string;
  /** Short facts under it: "For Dana D.", "Placed 18:02". */
  facts: readonly string[];
  lines: readonly TicketLine[];
  /** The order's notes, with their label: "Notes: no peanuts". */
  notes: string | null;
  /** Under the last line: "REPRINT", "Printed 18:05". */
  footer: readonly string[];
}

const INIT = [ESC, 0x40];
const codePage = (n: number) => [ESC, 0x74, n];
const align = (where: 'left' | 'center') => [ESC, 0x61, where === 'center' ? 1 : 0];
const bold = (on: boolean) => [ESC, 0x45, on ? 1 : 0];
/** GS ! n: width multiplier in the high nibble, height in the low one (0 = normal). */
const size = (wide: boolean, tall: boolean) => [GS, 0x21, (wide ? 0x10 : 0) | (tall ? 0x01 : 0)];
const feed = (lines: number) => [ESC, 0x64, lines];
/** GS V 66 n: feed to the cutter and cut, leaving one point uncut (a partial cut). */
const CUT = [GS, 0x56, 0x42, 0x00];

/** `prefix` then the text wrapped beside it, its next lines under the text, not under the prefix. */
function hanging(prefix: string, value: string, columns: number): string[] {
  return wrapText(value, columns - prefix.length).map((line, index) => (index === 0 ? prefix : ' '.repeat(prefix.length)) + line);
}

/** The ticket as bytes for a printer with `columns` columns (32 on 58 mm paper, 48 on 80 mm). */
export function encodeTicket(ticket: KitchenTicket, columns: number): Uint8Array {
  const out: number[] = [...INIT, ...codePage(CODE_PAGE_858)];
  const text = (line: string) => out.push(...encodeCp858(line), LF);
  const rule = () => text('-'.repeat(columns));

  out.push(...align('center'), ...bold(true), ...size(true, true));
  for (const line of wrapText(ticket.title, Math.floor(columns / 2))) text(line);
  out.push(...size(false, true));
  for (const line of wrapText(ticket.heading, columns)) text(line);
  out.push(...size(false, false), ...bold(false));
  for (const fact of ticket.facts) for (const line of wrapText(fact, columns)) text(line);
  out.push(...align('left'));
  rule();

  for (const item of ticket.lines) {
    out.push(...bold(true), ...size(false, true));
    for (const line of hanging(`${item.quantity} x `, item.name, columns)) text(line);
    out.push(...size(false, false), ...bold(false));
    for (const option of item.options) for (const line of hanging('   - ', option, columns)) text(line);
    if (item.instructions && printableText(item.instructions) !== '')
      for (const line of hanging('   > ', item.instructions, columns)) text(line);
  }

  if (ticket.notes && printableText(ticket.notes) !== '') {
    rule();
    out.push(...bold(true));
    for (const line of wrapText(ticket.notes, columns)) text(line);
    out.push(...bold(false));
  }
  if (ticket.footer.length > 0) {
    rule();
    out.push(...align('center'));
    for (const fact of ticket.footer) for (const line of wrapText(fact, columns)) text(line);
    out.push(...align('left'));
  }
  out.push(...feed(4), ...CUT);
  return Uint8Array.from(out);
}
