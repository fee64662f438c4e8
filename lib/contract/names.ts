// The rule for a name people read (a pet's, a category's, an API key's), written
// once for the validation and for the OpenAPI document, so that a client
// generated from the document never sends a name the service refuses.
//
// A name is counted as sent: at most 100 characters (Unicode code points),
// surrounding whitespace included; that whitespace is then trimmed. What remains
// must hold a visible character, and no control character or bidirectional
// control anywhere (U+202E can make "gpj.exe" read "exe.jpg"). The character
// classes are plain \uXXXX ranges of the Basic Multilingual Plane, so the
// pattern reads the same in JavaScript, Python and the other regex dialects
// that OpenAPI tools use.
import { z } from 'zod';

export const MAX_NAME_LENGTH = 100;

// C0, DEL and C1.
export const CONTROL = '\\u0000-\\u001f\\u007f-\\u009f';
// Unicode's Bidi_Control property.
export const BIDI_CONTROL = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
// What String.prototype.trim() removes (ECMAScript's WhiteSpace and LineTerminator).
export const TRIMMED = '\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
// Characters that show nothing by themselves: controls, White_Space,
// Default_Ignorable_Code_Point (zero-width spaces and joiners, Hangul fillers,
// variation selectors…) and the blank Braille pattern.
export const INVISIBLE =
  `${CONTROL}\\u0020\\u00a0\\u00ad\\u034f\\u061c\\u115f\\u1160\\u1680\\u17b4\\u17b5\\u180b-\\u180f\\u2000-\\u200f` +
  '\\u2028-\\u202f\\u205f-\\u206f\\u2800\\u3000\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufff8';

/**
 * The whole rule as one pattern: surrounding whitespace, then a core with no
 * control or bidirectional character that holds at least one visible one.
 */
export const NAME_PATTERN = `^[${TRIMMED}]*[^${CONTROL}${BIDI_CONTROL}]*[^${INVISIBLE}][^${CONTROL}${BIDI_CONTROL}]*[${TRIMMED}]*$`;

/** No control character anywhere: the rule for a name search. */
const NO_CONTROL_PATTERN = `^[^${CONTROL}]*$`;

const hasControl = new RegExp(`[${CONTROL}]`, 'u');
const hasBidiControl = new RegExp(`[${BIDI_CONTROL}]`, 'u');
const hasVisible = new RegExp(`[^${INVISIBLE}]`, 'u');

export const isWithinNameLength = (text: string) => [...text].length <= MAX_NAME_LENGTH;
export const hasNoControlCharacter = (text: string) => !hasControl.test(text);

/** Why `name` (as sent) is refused, or undefined when it is a good name. */
export function nameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!isWithinNameLength(name)) return `must be at most ${MAX_NAME_LENGTH} characters (surrounding spaces count)`;
  if (trimmed === '') return 'must not be empty';
  if (!hasNoControlCharacter(trimmed)) return 'must not contain control characters';
  if (hasBidiControl.test(trimmed)) {
    return 'must not contain bidirectional control characters (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069): they make a name read otherwise than it is';
  }
  // JSON can carry a lone surrogate (\ud800); stored as UTF-8 it would silently become U+FFFD.
  if (!trimmed.isWellFormed()) return 'must be valid Unicode (no unpaired surrogates)';
  if (!hasVisible.test(trimmed)) return 'must contain a visible character, not only spaces and invisible ones such as U+200B';
  return undefined;
}

/** A name per the rule above, trimmed; `description` says whose name it is. */
export function displayName(description: string) {
  return z
    .string({ error: 'must be a string' })
    .check((context) => {
      const problem = nameProblem(context.value);
      if (problem) context.issues.push({ code: 'custom', message: problem, input: context.value });
    })
    .trim()
    .meta({
      description: `${description} At most ${MAX_NAME_LENGTH} characters as sent, surrounding whitespace included, which is then trimmed; it must hold a visible character, and no control characters or bidirectional controls (the pattern).`,
      minLength: 1,
      maxLength: MAX_NAME_LENGTH,
      pattern: NAME_PATTERN,
    });
}

/** A search in names (a query parameter): 1 to 100 characters as given, no control characters. */
export function nameSearch(description: string) {
  return z
    .string()
    .refine((text) => text.length > 0 && isWithinNameLength(text), { error: `must be 1 to ${MAX_NAME_LENGTH} characters` })
    .refine(hasNoControlCharacter, { error: 'must not contain control characters' })
    .optional()
    .meta({ description, minLength: 1, maxLength: MAX_NAME_LENGTH, pattern: NO_CONTROL_PATTERN });
}
