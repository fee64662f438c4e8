// The one reader of the `Link` header (RFC 8288) that the API's pages carry:
// `</v1/pets?limit=20&cursor=…>; rel="next"`, several links comma-separated.

/** The target of the link whose `rel` (one of a space-separated list) is `rel`, or undefined. */
export function linkTarget(link: string | null, rel: string): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    const rels = match && /;\s*rel="?([^";]*)"?/.exec(match[2]!)?.[1]?.trim().split(/\s+/);
    if (match && rels?.includes(rel)) return match[1];
  }
  return undefined;
}
