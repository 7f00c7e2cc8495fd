/**
 * The runtime's clock: real time plus virtual advances. Utilities.sleep and trigger waits advance
 * it instead of blocking, so a test of an hour of polling takes milliseconds. The bundle's Date
 * reads this clock too (see runtime.ts).
 */
import { existsSync, readFileSync } from 'node:fs';

/** The machine's time, as read before any execution's Date stood in for the global one (within). */
const machineNow = Date.now.bind(Date);

/**
 * What an execution's time limit counts. Google counts wall time, and so does `wall` (the demo,
 * the playground, the benchmark). On a machine shared with other work, wall time also counts the
 * time this process waited for a core: `work` counts the script's own CPU time and its waits on
 * the network instead, so a busy machine cannot cut a test's execution off where Google would not
 * (issue 61). Both count every virtual advance.
 */
export type ExecutionClock = 'wall' | 'work';

const THREAD_STAT = '/proc/thread-self/stat';
const TICK_MS = 10;

/**
 * The CPU time of the thread the scripts run on (ms). Linux gives a thread's own, in ticks of 10 ms:
 * the garbage collector's helper threads (busy in a jest worker whose heap grew over the files it
 * ran; Google runs each execution in a fresh isolate) and any other thread are not the
 * execution's work. Elsewhere, the process's. Read at most once a tick of wall time: this runs at
 * every service call.
 */
const cpuMs = (() => {
  if (!existsSync(THREAD_STAT)) {
    return () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
  }
  let readAt = -Infinity;
  let last = 0;
  return () => {
    const now = machineNow();
    if (now - readAt < TICK_MS) return last;
    readAt = now;
    const stat = readFileSync(THREAD_STAT, 'utf8');
    // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    last = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    return last;
  };
})();

export class RuntimeClock {
  private offset = 0;
  private waited = 0;

  constructor(private readonly counts: ExecutionClock = 'wall') {}

  now(): number {
    return machineNow() + this.offset;
  }

  advance(ms: number): void {
    this.offset += Math.max(0, ms);
  }

  /** Before anything runs: the clock reads `instant` now (a story told from the past to today). */
  startAt(instant: number): void {
    this.offset = instant - machineNow();
  }

  /** The time executions have spent, as their limit counts it; only differences mean anything. */
  spent(): number {
    return this.offset + (this.counts === 'wall' ? machineNow() : cpuMs() + this.waited);
  }

  /** A wait on the network: its wall time is an execution's time however busy the machine. */
  waitOn<T>(wait: () => T): T {
    if (this.counts === 'wall') return wait();
    const wall = machineNow();
    const cpu = cpuMs();
    try {
      return wait();
    } finally {
      this.waited += Math.max(0, machineNow() - wall - (cpuMs() - cpu));
    }
  }
}
