/**
 * Property reads and writes this execution made, for the meter of today's use: Google counts each
 * against a daily quota (docs/platform-limits.md, Q5) but tells the script nothing of it.
 */
let calls = 0;

export function propertyCalled(n = 1): void {
  calls += n;
}

/** The calls counted since the last take. */
export function takePropertyCalls(): number {
  const n = calls;
  calls = 0;
  return n;
}
