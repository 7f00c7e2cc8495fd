/**
 * Processes that only spin, so a measurement meets the machine a busy day would (the bench's load
 * beside two of them, `npm run timing` with one on every core): stop them after.
 */
import { spawn } from 'node:child_process';

export function busyNeighbours(count: number): { stop(): void } {
  const spinners = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return { stop: () => spinners.forEach((s) => s.kill('SIGKILL')) };
}
