// What the budget guards: the time Apps Script spends loading the project before every
// custom-function call (E1: each execution loads it afresh), parsing Code.js and running its top
// level. Each load gets a source V8 has not seen (a unique trailing comment), so its compilation
// cache cannot hide the parse, and a context made beforehand, so its making is not counted. The
// bench measures in fresh processes, several times, and keeps the middle one: one process's
// figure moves by a millisecond or more from run to run on a shared machine.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

export interface LoadTime {
  parseMsMedian: number;
  evaluateMsMedian: number;
  loadMsMedian: number;
  loadMsMax: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (x: number) => Math.round(x * 10) / 10;
const since = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;

export function loadTime(file: string, loads = 60): LoadTime {
  const code = readFileSync(file, 'utf8');
  const parse: number[] = [];
  const evaluate: number[] = [];
  for (let i = 0; i < loads; i++) {
    const context = vm.createContext({});
    let started = process.hrtime.bigint();
    const script = new vm.Script(`${code}\n// load ${i} ${Math.random()}`);
    parse.push(since(started));
    started = process.hrtime.bigint();
    script.runInContext(context);
    evaluate.push(since(started));
  }
  const total = parse.map((p, i) => p + evaluate[i]!);
  return {
    parseMsMedian: round(median(parse)),
    evaluateMsMedian: round(median(evaluate)),
    loadMsMedian: round(median(total)),
    loadMsMax: round(Math.max(...total)),
  };
}

/** The load time measured in `runs` fresh processes (no heap or cache of the bench's): the middle one. */
export function loadTimeOfProcesses(
  file: string,
  runs = 5,
): LoadTime & { processMedians: number[] } {
  const measured = Array.from({ length: runs }, () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', __filename, file], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`bench: load time: ${r.stderr.trim()}`);
    return JSON.parse(r.stdout) as LoadTime;
  }).sort((a, b) => a.loadMsMedian - b.loadMsMedian);
  return {
    ...measured[Math.floor(runs / 2)]!,
    processMedians: measured.map((m) => m.loadMsMedian),
  };
}

if (require.main === module) console.log(JSON.stringify(loadTime(process.argv[2]!)));
