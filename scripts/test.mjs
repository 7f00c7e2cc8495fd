// `npm test`: the type check, the whole jest suite and the unit project again under de_DE, at once.
// jest's two workers wait on child processes (the emulator, Chromium, git) a good part of the
// time, and the other two are one more process's worth of work: run together, they take the time
// of the longest, not their sum (docs/development.md, issue 61). Each keeps its own output; the
// exit is non-zero when any part fails, and says which.
import { spawn } from 'node:child_process';

const PARTS = [
  ['the type check', 'npm', ['run', '--silent', 'typecheck']],
  ['jest', 'npx', ['jest', ...process.argv.slice(2)]],
  ['the unit tests under de_DE', 'npm', ['run', '--silent', 'test:locale']],
];

const run = ([name, command, args]) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('close', (code, signal) => resolve(code === 0 ? null : `${name} (${signal ?? code})`));
  });

const failed = (await Promise.all(PARTS.map(run))).filter(Boolean);
if (failed.length) {
  console.error(`npm test failed: ${failed.join(', ')}.`);
  process.exit(1);
}
