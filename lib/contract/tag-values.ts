// Tags' limits and the key they are compared by, as plain values: for
// lib/contract/tags.ts's schemas and for the dashboard's pets list, which reads
// tags from its URL. No zod here: the list's first load does without it.
export const MAX_TAG_LENGTH = 32;
export const MAX_TAGS_PER_PET = 20;

/**
 * What tags are compared by: the tag without case. JavaScript has no Unicode case folding,
 * so lower, upper, lower again comes close to it ("Straße", "STRASSE" and "strasse" meet at
 * "strasse"; "ΣΟΦΟΣ" and "σοφος" at "σοφοσ"), then NFC, which a case change can undo.
 */
export function tagKey(tag: string): string {
  return tag.toLowerCase().toUpperCase().toLowerCase().normalize('NFC');
}

/** A tag as the URL or a text field has it: trimmed, in NFC; undefined when it cannot be a tag. */
export function parseTag(value: string): string | undefined {
  const tag = value.trim().normalize('NFC');
  return tag !== '' && [...tag].length <= MAX_TAG_LENGTH ? tag : undefined;
}
