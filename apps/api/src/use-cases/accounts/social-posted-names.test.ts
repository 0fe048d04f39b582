import { describe, expect, it } from 'vitest';
import { POSTED_NAME_MAX, POSTED_USER_MAX, postedNamesOf } from './social-posted-names';

const user = (value: unknown) => JSON.stringify(value);
const long = 'a'.repeat(POSTED_NAME_MAX + 1);

describe('postedNamesOf: the names in Apple’s `user` form field', () => {
  it.each([
    [
      'both names',
      user({ name: { firstName: 'Jo', lastName: 'Pomme' }, email: 'jo@example.test' }),
      { firstName: 'Jo', lastName: 'Pomme' },
    ],
    [
      'trimmed',
      user({ name: { firstName: '  Zoë ', lastName: ' Lévesque-Tremblay ' } }),
      { firstName: 'Zoë', lastName: 'Lévesque-Tremblay' },
    ],
    ['only a first name', user({ name: { firstName: 'Jo' } }), { firstName: 'Jo', lastName: '' }],
    ['only a last name', user({ name: { lastName: 'Pomme' } }), { firstName: '', lastName: 'Pomme' }],
    [
      'extra fields ignored',
      user({ name: { firstName: 'Jo', lastName: 'Pomme', middleName: 'X' }, extra: 1 }),
      { firstName: 'Jo', lastName: 'Pomme' },
    ],
    [
      'a name of the longest length',
      user({ name: { firstName: 'a'.repeat(POSTED_NAME_MAX) } }),
      { firstName: 'a'.repeat(POSTED_NAME_MAX), lastName: '' },
    ],
    ['no field', undefined, null],
    ['not a string', 42, null],
    ['not JSON', '{"name":', null],
    ['JSON null', 'null', null],
    ['an array', user([{ name: { firstName: 'Jo' } }]), null],
    ['no name object', user({ email: 'jo@example.test' }), null],
    ['name is a string', user({ name: 'Jo Pomme' }), null],
    ['a number for a name', user({ name: { firstName: 7, lastName: 'Pomme' } }), null],
    ['an object for a name', user({ name: { firstName: { a: 1 }, lastName: 'Pomme' } }), null],
    ['empty names', user({ name: { firstName: ' ', lastName: '' } }), null],
    ['a name too long', user({ name: { firstName: long, lastName: 'Pomme' } }), null],
    ['a newline', user({ name: { firstName: 'Jo\nAdmin', lastName: 'Pomme' } }), null],
    ['a NUL', user({ name: { firstName: 'Jo\u0000', lastName: 'Pomme' } }), null],
    ['a C1 control', user({ name: { firstName: 'Jo\u009b', lastName: 'Pomme' } }), null],
    ['a line separator', user({ name: { firstName: 'Jo', lastName: 'Pom\u2028me' } }), null],
    ['the whole field too long', user({ name: { firstName: 'Jo', lastName: 'Pomme' }, pad: 'x'.repeat(POSTED_USER_MAX) }), null],
  ])('%s', (_case, field, expected) => {
    expect(postedNamesOf(field)).toEqual(expected);
  });
});
