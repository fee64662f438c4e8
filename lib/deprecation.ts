// The deprecation of getPet (docs/CONTRACT.md §4.3, §9): signalled on every response, and
// the operation is gone from the sunset on.
import { GET_PET_DEPRECATED_AT, GET_PET_SUNSET } from './contract/deprecation';

export function isPastSunset(at: Date): boolean {
  return at >= GET_PET_SUNSET;
}

/** RFC 9745 Deprecation, RFC 8594 Sunset, and a Link to the successor operation. */
export function deprecationHeaders(): Record<string, string> {
  return {
    deprecation: `@${GET_PET_DEPRECATED_AT.getTime() / 1000}`,
    sunset: GET_PET_SUNSET.toUTCString(),
    link: '</v1/pets>; rel="successor-version", </docs>; rel="deprecation"; type="text/html"',
  };
}
