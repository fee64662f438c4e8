// What a domain operation that can be refused comes to: its value, or the rule
// that said no, in the words of the Error codes (not_found, conflict). No HTTP
// here: lib/http/errors.ts turns a refusal into its Error.
export type Refusal = { ok: false; problem: 'not_found' | 'conflict'; message: string };
export type Outcome<Value> = { ok: true; value: Value } | Refusal;

export const succeeded = <Value>(value: Value): Outcome<Value> => ({ ok: true, value });
export const refused = (problem: Refusal['problem'], message: string): Refusal => ({ ok: false, problem, message });
