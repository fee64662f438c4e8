// The deprecation of getPet as the contract states it (docs/CONTRACT.md §4.3, §9): when it
// was deprecated and the day it is removed.
export const GET_PET_DEPRECATED_AT = new Date('2026-01-01T00:00:00Z');
export const GET_PET_SUNSET = new Date('2030-12-05T00:00:00Z');
