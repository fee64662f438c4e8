// Tags (experimental): the labels a pet carries across categories ("puppy",
// "vaccinated"). The rule for one tag, written once for the validation and the
// OpenAPI document; the shapes of a pet's tags, of the tag list and of its
// parameters (docs/API.md, "Tags"). The key tags are compared by, and their
// limits, are in tag-values.ts (no zod: the dashboard's list reads them).
//
// A tag is trimmed and put in Unicode NFC, then must be 1 to 32 characters
// (code points) holding a visible one, with no control or bidirectional control
// character (the rule of names, lib/contract/names.ts). Tags are compared
// without case, and a tag keeps the spelling it was first written with.
import { z } from 'zod';
import { BIDI_CONTROL, CONTROL, INVISIBLE, TRIMMED, hasNoControlCharacter, nameProblem } from './names';
import { Limit, cursorParam } from './params';
import { MAX_TAG_LENGTH, MAX_TAGS_PER_PET, tagKey } from './tag-values';

// Surrounding whitespace, then a core of 1 to 32 characters (the lookahead) with no control
// or bidirectional character, holding a visible one. The pattern counts before NFC: NFC makes
// a tag shorter (accents composed), never longer but for a few rare letters NFC decomposes
// (composition exclusions such as U+0958), the one case where the two may disagree.
const TAG_PATTERN = `^[${TRIMMED}]*(?=[^${CONTROL}${BIDI_CONTROL}]{1,${MAX_TAG_LENGTH}}[${TRIMMED}]*$)[^${CONTROL}${BIDI_CONTROL}]*[^${INVISIBLE}][^${CONTROL}${BIDI_CONTROL}]*[${TRIMMED}]*$`;

/** A tag as an error message shows it: quoted, and cut short when long. */
function quoted(tag: string): string {
  const characters = [...tag];
  return JSON.stringify(characters.length > 40 ? `${characters.slice(0, 40).join('')}…` : tag);
}

/** Why a tag (trimmed and in NFC) is refused, or undefined. */
function tagProblem(tag: string): string | undefined {
  if (tag === '') return 'must not be empty';
  if ([...tag].length > MAX_TAG_LENGTH) return `must be at most ${MAX_TAG_LENGTH} characters (after trimming)`;
  return nameProblem(tag);
}

/** One tag, trimmed and in NFC; a refusal names the tag. */
export const TagName = z
  .string({ error: 'must be a string' })
  .trim()
  .normalize('NFC')
  .check((context) => {
    const problem = tagProblem(context.value);
    if (problem) context.issues.push({ code: 'custom', message: `${quoted(context.value)} ${problem}`, input: context.value });
  })
  .meta({
    id: 'TagName',
    description: `A tag: trimmed and put in Unicode NFC, then 1 to ${MAX_TAG_LENGTH} characters holding a visible one, with no control or bidirectional control characters. Compared without case; a tag keeps the spelling it was first written with.`,
    minLength: 1,
    pattern: TAG_PATTERN,
  });

/** A pet's tags as the service answers them: each as first written, sorted without case. */
export const PetTags = z
  .array(z.string())
  .max(MAX_TAGS_PER_PET)
  .meta({ id: 'PetTags', description: `A pet's tags (at most ${MAX_TAGS_PER_PET}), each as first written, in alphabetical order ignoring case.` });
export type PetTags = z.infer<typeof PetTags>;

/** A list of tags in a request: at most 20; the same tag twice (ignoring case) counts once. */
export const tagList = (description: string) =>
  z
    .array(TagName, { error: 'must be an array of strings' })
    .max(MAX_TAGS_PER_PET, { error: `must hold at most ${MAX_TAGS_PER_PET} tags` })
    .meta({ description });

/** The body of PUT /v1/pets/{petId}/tags. */
export const PetTagsReplacement = tagList(
  `The pet's new tags, replacing all it had (\`[]\` removes them all): at most ${MAX_TAGS_PER_PET}; the same tag twice, ignoring case, counts once.`,
).meta({ id: 'PetTagsReplacement' });

export const Tag = z
  .object({
    name: z.string().meta({ description: 'The tag as first written.' }),
    petCount: z.int().min(1).meta({ description: 'How many pets have it now.' }),
  })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof Tag>;

export const Tags = z.array(Tag).meta({ id: 'Tags' });

/** The tag list's cursor: base64url of `tag:<key>`, the last tag's key. */
export function encodeTagCursor(key: string): string {
  return Buffer.from(`tag:${key}`).toString('base64url');
}

const TagCursor = cursorParam((value) => {
  const text = Buffer.from(value, 'base64url').toString('utf8');
  if (!text.startsWith('tag:')) return undefined;
  const key = text.slice('tag:'.length);
  // A key is a tag's key: at most 32 characters give at most 3 each once case changes (ﬃ → FFI).
  const couldBeKey = key !== '' && [...key].length <= 3 * MAX_TAG_LENGTH && key.isWellFormed() && tagKey(key) === key;
  return couldBeKey && encodeTagCursor(key) === value ? key : undefined;
}, 'Opaque cursor from the `Link: <…>; rel="next"` header of the previous page.');

const TagSearch = z
  .string()
  .refine((text) => text.length > 0 && [...text].length <= MAX_TAG_LENGTH, { error: `must be 1 to ${MAX_TAG_LENGTH} characters` })
  .refine(hasNoControlCharacter, { error: 'must not contain control characters' })
  .optional()
  .meta({
    description: `Only tags that contain this text, ignoring case (1 to ${MAX_TAG_LENGTH} characters, as given; \`%\` and \`_\` are plain characters): what a tag input suggests as one types.`,
    minLength: 1,
    maxLength: MAX_TAG_LENGTH,
    pattern: `^[^${CONTROL}]*$`,
  });

export const ListTagsQuery = z.object({ limit: Limit, name: TagSearch, cursor: TagCursor });
export type ListTagsQuery = z.infer<typeof ListTagsQuery>;
