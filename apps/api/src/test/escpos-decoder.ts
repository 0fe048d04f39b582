/**
 * Reads ESC/POS bytes back as a cook would see the paper: the printed lines with their style, the
 * code page the text came in, and whether the paper was cut. Knows the commands lib/escpos-ticket.ts
 * sends (ESC @, ESC t, ESC a, ESC E, GS !, ESC d, GS V) and refuses anything else, so a stray byte
 * in a ticket fails the test instead of printing garbage.
 */

/** Code page 858, bytes 0x80..0xFF (written out again here, not imported: the test checks the encoder). */
const CP858 =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

export interface PrintedLine {
  text: string;
  bold: boolean;
  doubleWidth: boolean;
  doubleHeight: boolean;
  centered: boolean;
}

export interface DecodedTicket {
  initialised: boolean;
  codePage: number | null;
  lines: PrintedLine[];
  cuts: number;
  /** The whole text, one printed line per line. */
  text: string;
}

export function decodeEscPos(bytes: Uint8Array): DecodedTicket {
  const ticket: DecodedTicket = { initialised: false, codePage: null, lines: [], cuts: 0, text: '' };
  const style = { bold: false, doubleWidth: false, doubleHeight: false, centered: false };
  let current = '';
  const arg = (at: number) => {
    if (at >= bytes.length) throw new Error(`command cut short at byte ${at}`);
    return bytes[at]!;
  };
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    if (byte === 0x0a) {
      ticket.lines.push({ text: current, ...style });
      current = '';
    } else if (byte === 0x1b) {
      const command = arg(i + 1);
      if (command === 0x40) {
        ticket.initialised = true;
        Object.assign(style, { bold: false, doubleWidth: false, doubleHeight: false, centered: false });
        i += 1;
      } else if (command === 0x74) {
        ticket.codePage = arg(i + 2);
        i += 2;
      } else if (command === 0x61) {
        style.centered = arg(i + 2) === 1;
        i += 2;
      } else if (command === 0x45) {
        style.bold = arg(i + 2) === 1;
        i += 2;
      } else if (command === 0x64) {
        for (let n = 0; n < arg(i + 2); n += 1) ticket.lines.push({ text: '', ...style });
        i += 2;
      } else throw new Error(`unknown command ESC 0x${command.toString(16)} at byte ${i}`);
    } else if (byte === 0x1d) {
      const command = arg(i + 1);
      if (command === 0x21) {
        const n = arg(i + 2);
        style.doubleWidth = (n & 0xf0) !== 0;
        style.doubleHeight = (n & 0x0f) !== 0;
        i += 2;
      } else if (command === 0x56) {
        ticket.cuts += 1;
        i += arg(i + 2) === 0x42 || arg(i + 2) === 0x41 ? 3 : 2;
      } else throw new Error(`unknown command GS 0x${command.toString(16)} at byte ${i}`);
    } else if (byte < 0x20 || byte === 0x7f) {
      throw new Error(`control byte 0x${byte.toString(16)} in text at byte ${i}`);
    } else if (byte >= 0x80) {
      if (ticket.codePage !== 19) throw new Error(`byte 0x${byte.toString(16)} before code page 858 was chosen`);
      current += CP858[byte - 0x80];
    } else current += String.fromCharCode(byte);
  }
  if (current !== '') ticket.lines.push({ text: current, ...style });
  // Trailing blank feed lines are paper, not text.
  ticket.text = ticket.lines
    .map((line) => line.text)
    .join('\n')
    .trimEnd();
  return ticket;
}
