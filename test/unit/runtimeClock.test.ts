// What the local runtime's time limits count (docs/platform-limits.md E2). Here, not beside the
// runtime's tests: a runtime starts a worker thread, whose start-up is CPU time of this process.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { RuntimeClock } from '../../dev/gas-runtime/clock';

const idle = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const spentOver = (clock: RuntimeClock, work: () => void) => {
  const before = clock.spent();
  work();
  return clock.spent() - before;
};

it('counts wall time unless told, as Google does', () => {
  expect(spentOver(new RuntimeClock(), () => idle(200))).toBeGreaterThanOrEqual(195);
});

it('told to count work: time waiting for a core is not spent; a network wait and virtual time are', () => {
  const clock = new RuntimeClock('work');
  // A process that is not running (another one has the core) idles as this does.
  expect(spentOver(clock, () => idle(200))).toBeLessThan(100);
  expect(spentOver(clock, () => clock.waitOn(() => idle(200)))).toBeGreaterThanOrEqual(195);
  expect(spentOver(clock, () => clock.advance(5000))).toBeGreaterThanOrEqual(5000);
});

// Linux says a thread's own time; elsewhere the clock counts the process's, and this cannot hold.
const linux = existsSync('/proc/thread-self/stat') ? it : it.skip;
linux(
  'told to count work: another thread busy meanwhile (a garbage collector’s) is not spent',
  async () => {
    const clock = new RuntimeClock('work');
    let worker: Worker | null = null;
    const spent = spentOver(clock, () => {
      worker = new Worker('const t = Date.now(); while (Date.now() - t < 300);', { eval: true });
      idle(400);
    });
    await worker!.terminate();
    expect(spent).toBeLessThan(100);
  },
);
