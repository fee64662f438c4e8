// The service's notion of "now": the real clock, unless PETSTORE_CLOCK freezes it
// (tests use that to see the deprecated operation after its sunset).
import { config } from './config';

export function now(): Date {
  const frozen = config().PETSTORE_CLOCK;
  return frozen ? new Date(frozen) : new Date();
}
