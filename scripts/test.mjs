// `npm test`: the type check and the whole jest suite at once, then the unit project again under
// de_DE. jest's workers wait on child processes (the emulator, Chromium, git) a good part of
// the time, and the type check is one more process's worth of work: run together, they take the
// time of the longer, not their sum (docs/development.md, issue 61). The de_DE pass beside them
// too measured slower (165 s against 153 s quiet): it comes after. Each keeps its own output; the
// exit is non-zero when any part fails, and says which.
import { spawn } from 'node:child_process';

const AT_ONCE = [
  ['the type check', 'npm', ['run', '--silent', 'typecheck']],
  ['jest', 'npx', ['jest', ...process.argv.slice(2)]],
];
const LOCALE = ['the unit tests under de_DE', 'npm', ['run', '--silent', 'test:locale']];

const run = ([name, command, args]) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('close', (code, signal) => resolve(code === 0 ? null : `${name} (${signal ?? code})`));
  });

const failed = (await Promise.all(AT_ONCE.map(run))).filter(Boolean);
if (!failed.length) failed.push(...[await run(LOCALE)].filter(Boolean));
if (failed.length) {
  console.error(`npm test failed: ${failed.join(', ')}.`);
  process.exit(1);
}
