// Types of scripts/build-if-stale.mjs, for the test that runs `npm start`.
export function isBuildCurrent(): boolean;
