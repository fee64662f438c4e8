// What a fault test checks in the server's log after an outage: the lines it
// wrote are discreet (no value from a request body, no key material, not even a
// hash or a prefix, no SQL, no stack trace) and few (a flood of identical
// failures is summarised). Returns the counts for the test's figures.
import { expect } from 'vitest';
import { hashKey } from '@/lib/domain/api-key-check';

export type OutageLogFigures = { lines: number; warnings: number; warningReasons: Record<string, number> };

export function expectDiscreetOutageLog(written: string, sent: { namePrefix: string; apiKey: string }): OutageLogFigures {
  const lines = written.split('\n').filter((line) => line.startsWith('{'));
  const parsed = lines.map((line) => JSON.parse(line) as { level: number; reason?: string; msg?: string });
  const warnings = parsed.filter((line) => line.level >= 40);
  const warningReasons: Record<string, number> = {};
  for (const line of warnings) warningReasons[`${line.msg} [${line.reason}]`] = (warningReasons[`${line.msg} [${line.reason}]`] ?? 0) + 1;

  expect(written, 'a pet name sent in a request body').not.toContain(sent.namePrefix);
  expect(written, 'the API key').not.toContain(sent.apiKey);
  expect(written, "the API key's SHA-256").not.toContain(hashKey(sent.apiKey));
  expect(written, "the API key's stored prefix").not.toContain(sent.apiKey.slice(0, 10));
  expect(written, 'SQL text or parameters').not.toMatch(/insert into|select .* from|Failed query|params:|"parameters"/i);
  expect(written, 'a stack trace').not.toMatch(/"stack"|\\n\s+at /);
  expect(written, 'an error object').not.toMatch(/"err":/);
  return { lines: lines.length, warnings: warnings.length, warningReasons };
}
