/**
 * `npm run timing`: how long `npm ci && npm test` takes on a fresh clone of HEAD, once on a quiet
 * machine and once with a second process keeping every core busy (a CI machine shared with another
 * job), written into docs/development.md between its timing markers. Run it before a release and
 * commit the page: the figures are measured, never typed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PAGE = path.join('docs', 'development.md');
const START = '<!-- timing:start (npm run timing writes this part) -->';
const END = '<!-- timing:end -->';

interface Timing {
  passed: boolean;
  totalS: number;
  jestS: number | null;
  tests: string | null;
}

/** Each failed test's heading and the first lines of what jest said of it (not its console). */
function failures(out: string): string {
  const lines = out.split('\n');
  return lines
    .flatMap((l, i) =>
      /^\s+● /.test(l) && !/● Console$/.test(l) ? [lines.slice(i, i + 25).join('\n')] : [],
    )
    .join('\n\n');
}

/** `npm ci && npm test` in a fresh clone of HEAD: its wall time, jest's own, and the verdict. */
function freshRun(): Timing {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'timing-'));
  try {
    spawnSync('git', ['clone', '-q', '.', dir], { stdio: 'inherit' });
    const started = Date.now();
    const run = spawnSync('bash', ['-c', 'npm ci --no-audit --no-fund && npm test'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const totalS = Math.round((Date.now() - started) / 1000);
    const out = `${run.stdout}\n${run.stderr}`;
    // Two jest runs print summaries (the whole suite, and the unit project under de_DE, which may
    // end first): the whole suite's is the one with the most tests, and its time the longest.
    const jest = [...out.matchAll(/^Time:\s+([\d.]+) s/gm)].sort(
      (a, b) => Number(b[1]) - Number(a[1]),
    )[0];
    const total = (m: RegExpMatchArray) => Number(/(\d+) total/.exec(m[1]!)?.[1] ?? 0);
    const tests = [...out.matchAll(/^Tests:\s+(.+)$/gm)].sort((a, b) => total(b) - total(a))[0];
    // A red run says which tests and why, so a failure under load can be found again.
    if (run.status !== 0) console.error(failures(out) || out.slice(-4000));
    return {
      passed: run.status === 0,
      totalS,
      jestS: jest ? Math.round(Number(jest[1])) : null,
      tests: tests ? tests[1]!.trim() : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One busy loop per core, until stopped. */
function busyOnEveryCore(): ChildProcess[] {
  return os.cpus().map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

function row(label: string, t: Timing): string {
  const jest = t.jestS === null ? 'n/a' : `${t.jestS} s`;
  return `| ${label} | ${t.passed ? 'passed' : 'FAILED'} | ${t.totalS} s | ${jest} | ${t.tests ?? 'n/a'} |`;
}

function main(): void {
  const quiet = freshRun();
  const load = busyOnEveryCore();
  let loaded: Timing;
  try {
    loaded = freshRun();
  } finally {
    for (const p of load) p.kill('SIGKILL');
  }
  const cpus = os.cpus();
  const table = [
    START,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown'}), Node ${process.version}, each from a fresh clone:`,
    '',
    '| `npm ci && npm test` | result | wall time | jest | tests |',
    '| --- | --- | --- | --- | --- |',
    row('quiet machine', quiet),
    row(`a busy loop on each of the ${cpus.length} cores`, loaded),
    '',
    END,
  ].join('\n');
  const page = readFileSync(PAGE, 'utf8');
  const [before, rest] = page.split(START);
  if (rest === undefined || !rest.includes(END)) throw new Error(`${PAGE} has no timing markers`);
  writeFileSync(PAGE, `${before}${table}${rest.slice(rest.indexOf(END) + END.length)}`);
  // The table as the lint's prettier keeps it, so the page is committed as written.
  spawnSync('npx', ['prettier', '--write', PAGE], { stdio: 'inherit' });
  console.log(table);
  if (!quiet.passed || !loaded.passed) process.exitCode = 1;
}

main();
