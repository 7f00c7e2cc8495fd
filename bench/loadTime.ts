// What the budget guards: the time Apps Script spends loading the project before every
// custom-function call (E1: each execution loads it afresh), parsing Code.js and running its top
// level. Each load gets a source V8 has not seen (a unique trailing comment), so its compilation
// cache cannot hide the parse, and a context made beforehand, so its making is not counted.
//
// On a shared machine a load's time is the bundle's work plus whatever the neighbours take from
// it, so a median measures the neighbours as much as the bundle, and a virtual machine's own pace
// moves through the day (docs/benchmark.md, scenario 4). So each process also parses a reference,
// alternately with the bundle, so both meet the same machine: a pinned file of another project
// (axe-core's minified build, installed by npm ci). The target holds the bundle's fastest load
// (the one no other process interrupted) over the reference's fastest parse.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

/** The reference the load is set against: pinned in package.json, so every run parses the same bytes. */
const REFERENCE = 'node_modules/axe-core/axe.min.js';

export interface LoadTime {
  parseMsMedian: number;
  evaluateMsMedian: number;
  loadMsMedian: number;
  loadMsFastest: number;
  loadMsMax: number;
  referenceMsFastest: number;
}

export interface LoadTimes extends LoadTime {
  /** A process's fastest load over its fastest parse of the reference. */
  ratio: number;
  processRatios: number[];
  processMedians: number[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (x: number, places = 1) => Math.round(x * 10 ** places) / 10 ** places;
const since = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const fresh = (code: string, i: number) => `${code}\n// load ${i} ${Math.random()}`;

export function loadTime(file: string, loads = 60): LoadTime {
  const code = readFileSync(file, 'utf8');
  const reference = readFileSync(REFERENCE, 'utf8');
  const parse: number[] = [];
  const evaluate: number[] = [];
  const referenceParse: number[] = [];
  for (let i = 0; i < loads; i++) {
    const context = vm.createContext({});
    let started = process.hrtime.bigint();
    const script = new vm.Script(fresh(code, i));
    parse.push(since(started));
    started = process.hrtime.bigint();
    script.runInContext(context);
    evaluate.push(since(started));
    started = process.hrtime.bigint();
    new vm.Script(fresh(reference, i));
    referenceParse.push(since(started));
  }
  const total = parse.map((p, i) => p + evaluate[i]!);
  return {
    parseMsMedian: round(median(parse)),
    evaluateMsMedian: round(median(evaluate)),
    loadMsMedian: round(median(total)),
    loadMsFastest: round(Math.min(...total)),
    loadMsMax: round(Math.max(...total)),
    referenceMsFastest: round(Math.min(...referenceParse)),
  };
}

/**
 * The load measured in `runs` fresh processes (no heap or cache of the bench's), each set against
 * the reference: each figure is the middle of the processes' (the worst load is the worst of all).
 */
export function loadTimeOfProcesses(file: string, runs = 5): LoadTimes {
  const measured = Array.from({ length: runs }, () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', __filename, file], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`bench: load time: ${r.stderr.trim()}`);
    return JSON.parse(r.stdout) as LoadTime;
  });
  const each = (figure: (m: LoadTime) => number) => measured.map(figure).sort((a, b) => a - b);
  const ratios = each((m) => round(m.loadMsFastest / m.referenceMsFastest, 3));
  return {
    parseMsMedian: median(each((m) => m.parseMsMedian)),
    evaluateMsMedian: median(each((m) => m.evaluateMsMedian)),
    loadMsMedian: median(each((m) => m.loadMsMedian)),
    loadMsFastest: median(each((m) => m.loadMsFastest)),
    loadMsMax: Math.max(...each((m) => m.loadMsMax)),
    referenceMsFastest: median(each((m) => m.referenceMsFastest)),
    ratio: median(ratios),
    processRatios: ratios,
    processMedians: each((m) => m.loadMsMedian),
  };
}

if (require.main === module) console.log(JSON.stringify(loadTime(process.argv[2]!)));
