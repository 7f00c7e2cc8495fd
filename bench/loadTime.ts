// What the budget guards: the time Apps Script spends loading the project before every
// custom-function call (E1: each execution loads it afresh), parsing Code.js and running its top
// level. Each load gets a source V8 has not seen (a unique trailing comment), so its compilation
// cache cannot hide the parse, and a context made beforehand, so its making is not counted.
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
