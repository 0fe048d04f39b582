import { describe, expect, it } from 'vitest';
import { controlCharacterPaths, hasControlCharacters, httpUrl, httpUrlProblem } from './text-input';

describe('control characters', () => {
  it.each([
    ['plain text', 'Ms. Tremblay', false],
    ['accents and emoji', 'Crème brûlée 🍮', false],
    ['lines and tabs', 'No onions\n\tthanks\r\n', false],
    ['NUL', 'Room\u00002', true],
    ['bell', 'a\u0007b', true],
    ['vertical tab', 'a\u000Bb', true],
    ['escape', '\u001B[31m', true],
    ['DEL', 'a\u007F', true],
    ['a C1 control', 'a\u0085b', true],
  ])('%s', (_name, text, refused) => {
    expect(hasControlCharacters(text)).toBe(refused);
  });

  it('names every field holding one, keys included, in nested objects and arrays', () => {
    const body = { student: { teacher: 'Ms\u0000T', grade: '3' }, lines: [{ note: 'ok' }, { note: 'x\u0001' }], ['k\u0000']: 1 };
    expect(controlCharacterPaths(body)).toEqual([['student', 'teacher'], ['lines', 1, 'note'], ['k\u0000']]);
    expect(controlCharacterPaths({ a: 1, b: [true, null, 'fine'] })).toEqual([]);
    expect(controlCharacterPaths('\u0000')).toEqual([[]]);
  });

  it('refuses the bidi controls, U+200B and U+FEFF in authored text only, and keeps U+200C and U+200D', () => {
    const refused = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200B', '\uFEFF'];
    for (const character of refused) {
      const body = { name: `Soup${character}`, [`k${character}`]: 'v' };
      expect(controlCharacterPaths(body, 10, true), character).toEqual([['name'], [`k${character}`]]);
      // Elsewhere (a diner's note, a name) they stay: the first rule only.
      expect(controlCharacterPaths(body), character).toEqual([]);
    }
    const kept = { name: 'Family \u{1F468}\u200D\u{1F469}\u200D\u{1F467}', persian: '\u0645\u200C\u06CC', marks: 'a\u200Eb\u200Fc' };
    expect(controlCharacterPaths(kept, 10, true)).toEqual([]);
    expect(controlCharacterPaths({ note: 'a\u0007' }, 10, true)).toEqual([['note']]);
  });
});

describe('http(s) URLs', () => {
  it.each([
    ['https://hooks.example.com/servery', null],
    ['http://10.0.0.5:8080/in', null],
    ['http://', 'must be an http(s) URL'],
    ['x', 'must be an http(s) URL'],
    ['http://[::1', 'must be an http(s) URL'],
    ['http://exa mple.com', 'must be an http(s) URL'],
    ['ftp://example.com', 'must be an http(s) URL'],
    ['https://user:secret@example.com', 'must not hold a user name or password'],
  ])('%s', (text, problem) => {
    expect(httpUrlProblem(text)).toBe(problem);
    expect(httpUrl().safeParse(text).success).toBe(problem === null);
  });
});
