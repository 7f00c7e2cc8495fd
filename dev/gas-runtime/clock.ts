/**
 * The runtime's clock: real time plus virtual advances. Utilities.sleep and trigger waits advance
 * it instead of blocking, so a test of an hour of polling takes milliseconds. The bundle's Date
 * reads this clock too (see runtime.ts).
 */
export class RuntimeClock {
  private offset = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  advance(ms: number): void {
    this.offset += Math.max(0, ms);
  }

  /** Before anything runs: the clock reads `instant` now (a story told from the past to today). */
  startAt(instant: number): void {
    this.offset = instant - Date.now();
  }
}
