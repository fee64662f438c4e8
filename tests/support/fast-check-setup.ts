// Vitest setup for the projects with property tests: a failed property's own error goes in
// its message, not only in its cause, because npm test's FAILED and FLAKY lines
// (scripts/test.mjs, firstLines) are made from the message and the JSON report drops causes.
import fc from 'fast-check';

fc.configureGlobal({ ...fc.readConfigureGlobal(), includeErrorInReport: true });
