// `--rounds N`: each scenario measured N times per target, the targets in
// alternating order (A B, B A, …), so that a machine that speeds up or slows
// down during a scenario weighs on every target alike (with --together, the
// order in which their loads start). The rounds of one scenario and target are
// then reported as one measurement.
import { totalCpu, type Measurement } from './report';

/** The targets' order in round `round` (0-based). */
export const orderOfRound = <Target>(targets: Target[], round: number): Target[] => (round % 2 === 0 ? targets : [...targets].reverse());

/** `items` from its `by`-th item on, then the ones before it (the servers' start order, start by start). */
export const rotate = <Item>(items: Item[], by: number): Item[] => [...items.slice(by % items.length), ...items.slice(0, by % items.length)];

/** One measurement per scenario and target: totals summed, CPU per request over all requests, latencies and drift averaged, RSS at its peak, each round's CPU per request kept. */
export function combineRounds(measurements: Measurement[]): Measurement[] {
  const groups = new Map<string, Measurement[]>();
  for (const measurement of measurements) {
    const key = `${measurement.scenario}\u0000${measurement.target}`;
    groups.set(key, [...(groups.get(key) ?? []), measurement]);
  }
  return [...groups.values()].map((rounds) => (rounds.length === 1 ? rounds[0]! : combine(rounds)));
}

function combine(rounds: Measurement[]): Measurement {
  const sum = (value: (round: Measurement) => number) => rounds.reduce((total, round) => total + value(round), 0);
  const mean = (value: (round: Measurement) => number) => sum(value) / rounds.length;
  const requests = sum((round) => round.requests);
  const perRequest = (value: (round: Measurement) => number) => (requests === 0 ? 0 : sum((round) => value(round) * round.requests) / requests);
  const statusCodes: Record<string, number> = {};
  for (const round of rounds) for (const [code, count] of Object.entries(round.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const first = rounds[0]!;
  return {
    scenario: first.scenario,
    target: first.target,
    requestsPerSecond: mean((round) => round.requestsPerSecond),
    p50: Math.round(mean((round) => round.p50)),
    p99: Math.round(mean((round) => round.p99)),
    requests,
    errors: sum((round) => round.errors),
    timeouts: sum((round) => round.timeouts),
    non2xx: sum((round) => round.non2xx),
    statusCodes,
    peakRssMb: Math.max(...rounds.map((round) => round.peakRssMb)),
    cpuMsPerRequest: perRequest((round) => round.cpuMsPerRequest),
    dbCpuMsPerRequest: rounds.every((round) => round.dbCpuMsPerRequest !== null) ? perRequest((round) => round.dbCpuMsPerRequest!) : null,
    drift: rounds.every((round) => round.drift !== null) ? mean((round) => round.drift!) : null,
    perSecond: rounds.flatMap((round) => round.perSecond),
    window: { from: first.window.from, to: rounds[rounds.length - 1]!.window.to },
    roundsTotalCpu: rounds.map(totalCpu),
  };
}
