/**
 * The runtime's clock: real time plus virtual advances. Utilities.sleep and trigger waits advance
 * it instead of blocking, so a test of an hour of polling takes milliseconds. The bundle's Date
 * reads this clock too (see runtime.ts).
 */

/**
 * What an execution's time limit counts. Google counts wall time, and so does `wall` (the demo,
 * the playground, the benchmark). On a machine shared with other work, wall time also counts the
 * time this process waited for a core: `work` counts the process's own CPU time and its waits on
 * the network instead, so a busy machine cannot cut a test's execution off where Google would not
 * (issue 61). Both count every virtual advance.
 */
export type ExecutionClock = 'wall' | 'work';

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export class RuntimeClock {
  private offset = 0;
  private waited = 0;

  constructor(private readonly counts: ExecutionClock = 'wall') {}

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

  /** The time executions have spent, as their limit counts it; only differences mean anything. */
  spent(): number {
    return this.offset + (this.counts === 'wall' ? Date.now() : cpuMs() + this.waited);
  }

  /** A wait on the network: its wall time is an execution's time however busy the machine. */
  waitOn<T>(wait: () => T): T {
    if (this.counts === 'wall') return wait();
    const wall = Date.now();
    const cpu = cpuMs();
    try {
      return wait();
    } finally {
      this.waited += Math.max(0, Date.now() - wall - (cpuMs() - cpu));
    }
  }
}
