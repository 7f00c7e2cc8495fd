/**
 * `npm run timing`: how long `npm ci && npm test` takes on a fresh clone of HEAD, once on a quiet
 * machine and once with a second process keeping every core busy (a CI machine shared with another
 * job), written into docs/development.md between its timing markers. Run it before a release and
 * commit the page: the figures are measured, never typed.
 *
 * `npm run timing -- --against REV` compares instead: REV and HEAD, one after the other, twice,
 * each from a fresh clone, printed and not written anywhere. On a shared machine two figures taken
 * hours apart compare the neighbours as much as the code; taken side by side they meet the same.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { flags } from '../dev/args';
import { busyNeighbours } from '../dev/busyNeighbours';

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

/** `npm ci && npm test` in a fresh clone of `revision`: its wall time, jest's own, and the verdict. */
function freshRun(revision = 'HEAD'): Timing {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'timing-'));
  try {
    spawnSync('git', ['clone', '-q', '.', dir], { stdio: 'inherit' });
    const checkout = spawnSync('git', ['checkout', '-q', revision], { cwd: dir, stdio: 'inherit' });
    if (checkout.status !== 0) throw new Error(`timing: no revision ${revision}`);
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

function row(label: string, t: Timing): string {
  const jest = t.jestS === null ? 'n/a' : `${t.jestS} s`;
  return `| ${label} | ${t.passed ? 'passed' : 'FAILED'} | ${t.totalS} s | ${jest} | ${t.tests ?? 'n/a'} |`;
}

/** REV and HEAD side by side, twice: a table on stdout, nothing written. */
function compare(against: string): void {
  const revisions = [against, 'HEAD'].map((r) =>
    spawnSync('git', ['rev-parse', '--short', r], { encoding: 'utf8' }).stdout.trim(),
  );
  if (revisions.some((r) => !r)) {
    console.error(`timing: this repository has no revision ${against}`);
    process.exitCode = 2;
    return;
  }
  const lines = [
    '| revision | round | result | wall time | jest | tests |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const round of [1, 2])
    for (const revision of revisions) {
      const t = freshRun(revision);
      lines.push(row(`${revision} | ${round}`, t));
      if (!t.passed) process.exitCode = 1;
    }
  console.log(lines.join('\n'));
}

function main(): void {
  const args = flags('npm run timing [-- --against REV]', { against: undefined });
  if (args.against) return compare(args.against);
  const quiet = freshRun();
  const load = busyNeighbours(os.cpus().length);
  let loaded: Timing;
  try {
    loaded = freshRun();
  } finally {
    load.stop();
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
