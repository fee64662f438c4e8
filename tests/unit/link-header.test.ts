// The one Link header reader (lib/client/link-header.ts), on the shapes the API sends and RFC 8288 allows.
import { describe, expect, it } from 'vitest';
import { linkTarget } from '@/lib/client/link-header';

describe('linkTarget', () => {
  it.each([
    ['</v1/pets?limit=5&cursor=aWQ6NQ>; rel="next"', 'next', '/v1/pets?limit=5&cursor=aWQ6NQ'],
    ['</v1/pets?cursor=a>;rel=next', 'next', '/v1/pets?cursor=a'],
    ['</v1/pets>; rel="successor-version", </docs>; rel="deprecation"; type="text/html"', 'deprecation', '/docs'],
    ['</v1/pets>; rel="successor-version", </docs>; rel="deprecation"; type="text/html"', 'successor-version', '/v1/pets'],
    ['</a,b>; rel="prev next"', 'next', '/a,b'],
  ])('finds %s -> rel=%s', (header, rel, target) => {
    expect(linkTarget(header, rel)).toBe(target);
  });

  it.each([
    [null, 'next'],
    ['', 'next'],
    ['</v1/pets>; rel="successor-version"', 'next'],
    ['</v1/pets>; rel="nextish"', 'next'],
  ])('finds nothing in %s for rel=%s', (header, rel) => {
    expect(linkTarget(header, rel)).toBeUndefined();
  });
});
