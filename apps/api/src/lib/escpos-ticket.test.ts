/**
 * The ticket encoder by table: French in code page 858, wrapping at both paper widths, the styles
 * a cook relies on, the cut, and diner text that cannot carry a printer command.
 */
import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../test/escpos-decoder';
import { encodeCp858, encodeTicket, printableText, wrapText, type KitchenTicket } from './escpos-ticket';

const ticket = (overrides: Partial<KitchenTicket> = {}): KitchenTicket => ({
  title: '#1042',
  heading: 'SUR PLACE - TABLE 3',
  facts: ['Pour Dana D.'],
  lines: [{ quantity: 2, name: 'Crème brûlée', options: ['Sans sucre'], instructions: null }],
  notes: null,
  footer: [],
  ...overrides,
});

describe('code page 858', () => {
  it.each([
    ['é', [0x82]],
    ['è', [0x8a]],
    ['ê', [0x88]],
    ['ë', [0x89]],
    ['à', [0x85]],
    ['â', [0x83]],
    ['ç', [0x87]],
    ['Ç', [0x80]],
    ['É', [0x90]],
    ['È', [0xd4]],
    ['À', [0xb7]],
    ['î', [0x8c]],
    ['ï', [0x8b]],
    ['ô', [0x93]],
    ['û', [0x96]],
    ['ù', [0x97]],
    ['ü', [0x81]],
    ['€', [0xd5]],
    ['œ', [0x6f, 0x65]],
    ['’', [0x27]],
    ['日', [0x3f]],
    ['abc 12', [0x61, 0x62, 0x63, 0x20, 0x31, 0x32]],
  ])('%s is %j', (text, bytes) => expect(encodeCp858(text)).toEqual(bytes));

  it('writes a decomposed accent (e + combining acute) as the one letter', () =>
    expect(encodeCp858(printableText('Cre\u0300me'))).toEqual([0x43, 0x72, 0x8a, 0x6d, 0x65]));
});

describe('printable text', () => {
  it.each([
    ['a\u001b@b', 'a @b'],
    ['line\nbreak\r\n', 'line break'],
    ['  many   spaces ', 'many spaces'],
    ['cut\u001dV\u0000here', 'cut V here'],
    ['\u009bC1', 'C1'],
  ])('%j prints as %j', (text, printed) => expect(printableText(text)).toBe(printed));
});

describe('wrapping', () => {
  it.each([
    ['fits', 'Soupe du jour', 32, 0, ['Soupe du jour']],
    ['at a word', 'Poutine au canard confit et sauce aux poivres', 20, 0, ['Poutine au canard', 'confit et sauce aux', 'poivres']],
    ['with a hanging indent', '2 x Poutine au canard confit', 16, 4, ['2 x Poutine au', '    canard', '    confit']],
    ['a word longer than the line', 'Supercalifragilistic', 8, 0, ['Supercal', 'ifragili', 'stic']],
    ['empty', '', 10, 0, ['']],
    ['œ counts two columns', 'bœuf bœuf', 9, 0, ['bœuf', 'bœuf']],
  ])('%s', (_, text, width, indent, lines) => expect(wrapText(text, width, indent)).toEqual(lines));
});

describe('a kitchen ticket', () => {
  it('initialises, picks code page 858, and ends with a feed and one cut', () => {
    const decoded = decodeEscPos(encodeTicket(ticket(), 32));
    expect(decoded.initialised).toBe(true);
    expect(decoded.codePage).toBe(19);
    expect(decoded.cuts).toBe(1);
    const bytes = encodeTicket(ticket(), 32);
    expect([...bytes.slice(0, 5)]).toEqual([0x1b, 0x40, 0x1b, 0x74, 19]);
    expect([...bytes.slice(-4)]).toEqual([0x1d, 0x56, 0x42, 0x00]);
  });

  it('prints the number bold at double size, the heading bold at double height, and the lines in order', () => {
    const { lines } = decodeEscPos(
      encodeTicket(
        ticket({
          lines: [
            { quantity: 2, name: 'Crème brûlée', options: ['Sans sucre', 'Coulis de framboise'], instructions: 'Bien froide' },
            { quantity: 1, name: 'Café', options: [], instructions: null },
          ],
          notes: 'Notes : allergie aux arachides',
          footer: ['RÉIMPRESSION'],
        }),
        32,
      ),
    );
    const find = (text: string) => lines.find((line) => line.text === text);
    expect(find('#1042')).toMatchObject({ bold: true, doubleWidth: true, doubleHeight: true, centered: true });
    expect(find('SUR PLACE - TABLE 3')).toMatchObject({ bold: true, doubleWidth: false, doubleHeight: true });
    expect(find('Pour Dana D.')).toMatchObject({ bold: false, doubleHeight: false, centered: true });
    expect(find('2 x Crème brûlée')).toMatchObject({ bold: true, doubleHeight: true, centered: false });
    expect(find('   - Sans sucre')).toMatchObject({ bold: false, doubleHeight: false });
    expect(find('   > Bien froide')).toBeDefined();
    expect(find('Notes : allergie aux arachides')).toMatchObject({ bold: true });
    expect(find('RÉIMPRESSION')).toMatchObject({ centered: true });
    const texts = lines.map((line) => line.text);
    expect(texts.indexOf('2 x Crème brûlée')).toBeLessThan(texts.indexOf('   - Sans sucre'));
    expect(texts.indexOf('   - Coulis de framboise')).toBeLessThan(texts.indexOf('1 x Café'));
  });

  it.each([
    [32, 58],
    [48, 80],
  ])('keeps every line within %i columns (%i mm paper), double-width lines within half', (columns) => {
    const long = 'Sandwich au porc effiloché, fromage en grains et oignons caramélisés maison';
    const { lines } = decodeEscPos(
      encodeTicket(
        ticket({
          title: 'Test print / Impression test',
          lines: [{ quantity: 12, name: long, options: [long], instructions: long }],
          notes: `Notes : ${long}`,
        }),
        columns,
      ),
    );
    for (const line of lines) expect(line.text.length, line.text).toBeLessThanOrEqual(line.doubleWidth ? columns / 2 : columns);
    expect(lines.filter((line) => line.text.startsWith('12 x '))).toHaveLength(1);
    // Continuation lines of an item hang under its name, not under the quantity.
    const first = lines.findIndex((line) => line.text.startsWith('12 x '));
    expect(lines[first + 1]!.text).toMatch(/^ {5}\S/);
  });

  it("prints a diner's text and never a command hidden in it", () => {
    const bytes = encodeTicket(
      ticket({
        lines: [{ quantity: 1, name: 'Frites', options: [], instructions: 'extra\u001bp\u0000\u0019\u00fa sel' }],
        notes: 'x\u001dV\u0000',
      }),
      32,
    );
    const decoded = decodeEscPos(bytes);
    expect(decoded.cuts).toBe(1);
    expect(decoded.text).toContain('   > extra p ú sel');
    // ESC p (the cash drawer) never appears.
    expect([...bytes].some((byte, index) => byte === 0x1b && bytes[index + 1] === 0x70)).toBe(false);
  });
});
