// The rule for names (lib/contract/names.ts) and its pattern in the OpenAPI
// document: for any string, the pattern and the length bound accept exactly
// what the schema accepts, so a client checking names against the document
// never sends one the service refuses, nor holds back one it would take.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, NAME_PATTERN, displayName } from '@/lib/contract/names';

const schema = displayName('A name.');
// ajv and the other JSON Schema validators of JavaScript compile patterns with the `u` flag.
const pattern = new RegExp(NAME_PATTERN, 'u');
const documentAccepts = (name: string) => [...name].length <= MAX_NAME_LENGTH && [...name].length >= 1 && pattern.test(name);

// The characters where the rule has edges, and ordinary ones.
const INTERESTING = [
  'a',
  'Z',
  'é',
  '7',
  '-',
  '.',
  '🐶',
  '\u{1F9BA}',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u000c',
  '\u0000',
  '\u0007',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u00a0',
  '\u00ad',
  '\u034f',
  '\u061c',
  '\u115f',
  '\u1680',
  '\u180e',
  '\u2000',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u202a',
  '\u202e',
  '\u202f',
  '\u2060',
  '\u2066',
  '\u2069',
  '\u2800',
  '\u3000',
  '\u3164',
  '\ufe0f',
  '\ufeff',
  '\uffa0',
  '\ud800',
];

describe('the name rule', () => {
  it('accepts in its schema exactly what its pattern and length bound accept', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...INTERESTING), { maxLength: 12 }), (characters) => {
        const name = characters.join('');
        // An unpaired surrogate has no place in JSON Schema's strings (code points): left to the schema.
        fc.pre(name.isWellFormed());
        expect(schema.safeParse(name).success, JSON.stringify(name)).toBe(documentAccepts(name));
      }),
      { seed: 20261201, numRuns: 5_000 },
    );
  });

  it.each([
    ['100 characters', 'n'.repeat(100), true],
    ['98 characters between two spaces', ` ${'n'.repeat(98)} `, true],
    ['101 characters, one a leading space', ` ${'n'.repeat(100)}`, false],
    ['100 astral characters', '🐶'.repeat(100), true],
  ])('counts the length as sent: %s', (_case, name, accepted) => {
    expect(schema.safeParse(name).success).toBe(accepted);
    expect(documentAccepts(name)).toBe(accepted);
  });

  it('trims what it accepts', () => {
    expect(schema.parse('\t Bella \n')).toBe('Bella');
  });
});
