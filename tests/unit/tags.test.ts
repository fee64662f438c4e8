// The rule for one tag (lib/contract/tags.ts): what the service takes and how it
// stores it, the key tags are compared by, and the OpenAPI document's pattern,
// which must never pass a tag the service refuses.
import { describe, expect, it } from 'vitest';
import { TagName } from '@/lib/contract/tags';
import { tagKey } from '@/lib/contract/tag-values';
import { createOpenApiDocument } from '@/lib/contract/openapi';

const parsed = (tag: unknown) => TagName.safeParse(tag, { reportInput: true });

describe('tagKey', () => {
  it.each([
    ['case', ['Puppy', 'PUPPY', 'puppy']],
    ['the German sharp s', ['Straße', 'STRASSE', 'strasse', 'STRAẞE']],
    ['the Greek final sigma', ['ΣΟΦΟΣ', 'σοφος', 'σοφοσ']],
    ['composed and decomposed accents', ['Café', 'cafe\u0301', 'CAFÉ']],
  ])('makes tags that differ only by %s equal', (_case, tags) => {
    expect(new Set(tags.map((tag) => tagKey(tag.normalize('NFC')))).size).toBe(1);
  });

  it('keeps different letters apart', () => {
    expect(tagKey('resume')).not.toBe(tagKey('résumé'));
    expect(tagKey('I')).not.toBe(tagKey('İ'));
  });
});

describe('TagName', () => {
  it.each([
    ['a word', 'puppy', 'puppy'],
    ['words with inner spaces', 'needs a home by Friday', 'needs a home by Friday'],
    ['surrounding whitespace', ' \t vaccinated \n', 'vaccinated'],
    ['a decomposed accent', 'cafe\u0301', 'café'],
    ['32 characters', 'x'.repeat(32), 'x'.repeat(32)],
    ['32 emoji (64 UTF-16 units)', '🐶'.repeat(32), '🐶'.repeat(32)],
    ['32 characters after NFC, 33 before', `${'x'.repeat(31)}e\u0301`, `${'x'.repeat(31)}é`],
    ['a comma', 'cats, dogs', 'cats, dogs'],
  ])('takes %s', (_case, tag, stored) => {
    expect(parsed(tag)).toMatchObject({ success: true, data: stored });
  });

  it.each([
    ['an empty tag', ''],
    ['only spaces', '   '],
    ['33 characters', 'x'.repeat(33)],
    ['a control character', 'a\u0000b'],
    ['a bidirectional override', 'abc\u202edef'],
    ['only invisible characters', '\u200b\u2060'],
    ['an unpaired surrogate', 'ab\ud800'],
    ['a number', 42],
  ])('refuses %s', (_case, tag) => {
    expect(parsed(tag).success).toBe(false);
  });

  it('names the tag it refuses, cut short when long', () => {
    expect(parsed('x'.repeat(50)).error?.issues[0]?.message).toBe(`"${'x'.repeat(40)}…" must be at most 32 characters (after trimming)`);
    expect(parsed('a\u0007b').error?.issues[0]?.message).toMatch(/^"a\\u0007b" must not contain control characters$/);
  });
});

describe("the document's pattern for a tag", () => {
  const schemas = (createOpenApiDocument({ production: '/v1', staging: '/v1' }) as { components: { schemas: Record<string, { pattern?: string }> } }).components
    .schemas;
  const pattern = new RegExp(schemas.TagName!.pattern!, 'u');

  it.each([
    'puppy',
    ' padded ',
    'x'.repeat(32),
    ` ${'x'.repeat(32)} `,
    'x'.repeat(33),
    '🐶'.repeat(32),
    '🐶'.repeat(33),
    '',
    '   ',
    '\u200b',
    'a\u0007b',
    'abc\u202edef',
    'a b c',
    '\tTabbed\n',
  ])('agrees with the service on %j', (tag) => {
    expect(pattern.test(tag)).toBe(parsed(tag).success);
  });
});
