/**
 * The text of a PDF the server writes (use-cases/orders/receipt-pdf.ts: pdfkit, standard fonts, content
 * not compressed), one string per text operation, for tests on a machine with Node alone (no
 * pdftotext). pdfkit writes each run of text as `[<hex> kerning <hex> ...] TJ` in WinAnsi (cp1252);
 * anything else (a compressed or another writer's PDF) is not read here.
 */
const CP1252_HIGH: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

function decodeHex(hex: string): string {
  let text = '';
  for (let index = 0; index + 1 < hex.length; index += 2) {
    const code = Number.parseInt(hex.slice(index, index + 2), 16);
    text += CP1252_HIGH[code] ?? String.fromCharCode(code);
  }
  return text;
}

/** Each text operation's string, in the order written; a no-break space reads as a space. */
export function pdfTextRuns(pdf: Uint8Array): string[] {
  const source = Buffer.from(pdf).toString('latin1');
  const runs: string[] = [];
  for (const match of source.matchAll(/\[((?:<[0-9a-fA-F]*>\s*-?[\d.]*\s*)+)\]\s*TJ/g)) {
    const parts = [...(match[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => decodeHex(part[1] ?? ''));
    runs.push(parts.join('').replace(/\u00a0/g, ' '));
  }
  return runs;
}

/** The PDF's text, one run a line. */
export function pdfText(pdf: Uint8Array): string {
  return pdfTextRuns(pdf).join('\n');
}
