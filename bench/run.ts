// `npm run bench`: scenarios on the built bundle in the local runtime against the emulator with
// injected latency. Prints a table and writes bench/results.json and bench/results.svg.
//   --latency-ms N (default 50)   --lanes N the naive peer's executions at once (default 30)
import { spawnSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { flags, positiveNumber, wholeNumber } from '../dev/args';
import { INDEX } from '../dev/emulator/brandIndex';
import { spawnEmulator, type EmulatorProcess } from '../dev/emulator/process';
import { GasRuntime } from '../dev/gas-runtime/runtime';
import { heavyDay } from '../dev/heavyDay';
import { entryCosts, yearOldWorkbook } from '../dev/yearOldWorkbook';
import { SyncHttp } from '../dev/gas-runtime/sync-http';
import { fnv1a } from '../src/domain/hash';
import defaults from '../build-defaults.json';
import { loadTimeOfProcesses, type LoadTimes } from './loadTime';
import { busyNeighbours } from '../dev/busyNeighbours';

const args = flags(
  'npm run bench -- [--latency-ms 50] [--lanes 30]',
  { 'latency-ms': '50', lanes: '30' },
  [],
  { 'latency-ms': wholeNumber, lanes: positiveNumber },
);
const LATENCY = Number(args['latency-ms']);
const LANES = Number(args.lanes);
/**
 * The load's target as a share of the reference's parse: its milliseconds over what the
 * reference takes on this machine at its usual pace (docs/benchmark.md, scenario 4).
 */
const LOAD_RATIO_TARGET =
  Math.round((defaults.loadMsTarget / defaults.loadReferenceMs) * 100) / 100;
const log = (text: string) => process.stderr.write(`… ${text}\n`);

/** Resident memory now; sampled right after each scenario (maxRSS here counts the worker threads of a previous run too). */
const peakMb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;

function world(emu: EmulatorProcess): GasRuntime {
  const rt = new GasRuntime({ distDir: path.resolve('dist'), extraAllowlist: [`${emu.baseUrl}/`] });
  rt.runFromSidebar('saveSettings', [{ baseUrl: emu.baseUrl, apiKey: 'demo-pro-key' }]);
  rt.resetCounts();
  return rt;
}

/** 1,000 rows over 800 distinct domains, a quarter of them in the index. */
function prospects(): string[] {
  const known = INDEX.filter((b) => !b.domain.endsWith('.example')).map((b) => b.domain);
  const distinct = Array.from({ length: 800 }, (_, i) =>
    i < 200 ? known[i]! : `prospect-${i}.com`,
  );
  return Array.from({ length: 1000 }, (_, i) =>
    i < 800 ? distinct[i]! : `https://www.${distinct[i - 800]}/`,
  );
}

async function naive(emu: EmulatorProcess, rows: string[]) {
  const lanes = Array.from({ length: LANES }, (_, lane) => {
    const worker = new Worker(path.join(__dirname, 'naive-lane.mjs'), {
      workerData: {
        baseUrl: emu.baseUrl,
        rows: rows.filter((_, i) => i % LANES === lane),
        distDir: path.join(__dirname, 'naive'),
      },
    });
    return { worker, ready: new Promise((r) => worker.once('message', r)) };
  });
  await Promise.all(lanes.map((l) => l.ready));
  const t0 = performance.now();
  const done = await Promise.all(
    lanes.map(
      (l) =>
        new Promise<{ ms: number; requests: number }>((resolve) => {
          l.worker.once('message', resolve);
          l.worker.postMessage('go');
        }),
    ),
  );
  const wall = ms(t0);
  await Promise.all(lanes.map((l) => l.worker.terminate()));
  return { wallMs: wall, requests: done.reduce((n, d) => n + d.requests, 0) };
}

/**
 * The network floor on this machine: the same requests in one bare fetchAll, with no add-on
 * around them (loopback, the emulator's latency and its own work included).
 */
function floorMs(
  requests: Array<{ url: string; method: string; payload?: string }>,
  /** The requests of each bare fetchAll, in order: all in one unless said. */
  batches: number[] = [requests.length],
): number {
  const raw = requests.map((r) => ({
    ...r,
    headers: { 'x-api-key': 'demo-starter-key', 'content-type': 'application/json' },
  }));
  // The best of three, each from a fresh client as the runtime under test is (new connections
  // cost much of it): the floor is what the machine can do, not what it did once.
  const runs = [0, 1, 2].map(() => {
    const http = new SyncHttp();
    const t0 = performance.now();
    let at = 0;
    for (const size of batches) http.fetchAll(raw.slice(at, (at += size)));
    const took = ms(t0);
    void http.close();
    return took;
  });
  return Math.min(...runs);
}

/**
 * The next day, the cache gone: a Score press over 20 of the rows kept the service's pace in the
 * person's properties, and the formula's first batch is sized from it.
 */
function nextDayCold(rt: GasRuntime, rows: string[], column: string[][]) {
  const list = rt.spreadsheet.insertSheet('Yesterday');
  list.probe.rows = [['Website'], ...rows.slice(0, 20).map((r) => [r])].map((r) =>
    r.map((value) => ({ value })),
  );
  list.activate();
  list.setActiveSelection('A2:A21');
  rt.runFromSidebar('scoreSelection', [{ refresh: 'all' }]);
  rt.clock.advance(25 * 3600 * 1000);
  rt.resetCounts();
  const t0 = performance.now();
  rt.customFunction('VIS_SCORE', column);
  return {
    wallMs: ms(t0),
    requests: rt.fetchStats.requests,
    roundTrips: rt.fetchStats.fetchAllCalls,
  };
}

async function main(): Promise<void> {
  const results: Record<string, unknown> = {
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    latencyMs: LATENCY,
    date: new Date().toISOString(),
  };
  const emu = await spawnEmulator(['--latency-ms', String(LATENCY)]);
  try {
    log('1. VIS_SCORE over 1,000 rows');
    const rows = prospects();
    const column = rows.map((r) => [r]);
    let rt = world(emu);
    let t0 = performance.now();
    rt.customFunction('VIS_SCORE', column);
    const cold = {
      wallMs: ms(t0),
      requests: rt.fetchStats.requests,
      roundTrips: rt.fetchStats.fetchAllCalls,
      sheetCalls: rt.sheetCalls().total,
      floorMs: 0,
    };
    cold.floorMs = floorMs(
      Array.from(new Set(rows.map((r) => r.replace(/^https:\/\/www\.|\/$/g, '')))).map((d) => ({
        url: `${emu.baseUrl}/api/visibility/score?url=${d}`,
        method: 'get',
      })),
    );
    rt.resetCounts();
    t0 = performance.now();
    rt.customFunction('VIS_SCORE', column);
    const warm = {
      wallMs: ms(t0),
      requests: rt.fetchStats.requests,
      roundTrips: rt.fetchStats.fetchAllCalls,
    };
    const nextDay = nextDayCold(rt, rows, column);
    await rt.close();
    await emu.control('reset', {});
    await emu.faults({ latencyMs: LATENCY });
    log(`1. the naive peer, ${LANES} executions at a time`);
    const peer = await naive(emu, rows);
    results.formula = {
      cold,
      warm,
      nextDay,
      naive: peer,
      speedup: Math.round((peer.wallMs / cold.wallMs) * 10) / 10,
      peakMb: peakMb(),
    };

    log('2. bulk generation, 3. poll');
    await emu.control('reset', {});
    await emu.faults({ latencyMs: LATENCY });
    rt = world(emu);
    const sheet = rt.spreadsheet.activeSheet;
    sheet.probe.rows = [
      ['Company', 'Website'],
      ...Array.from({ length: 1000 }, (_, i) => [`Company ${i}`, `bulk-${i}.com`]),
    ].map((r) => r.map((value) => ({ value })));
    sheet.setActiveSelection('B1:B1001');
    rt.resetCounts();
    t0 = performance.now();
    generateUntilDone(rt);
    const genWall = ms(t0);
    const stats = await emu.stats();
    const batches = [...rt.fetchStats.batches];
    const floorPosts = (tag: string) =>
      Array.from({ length: 1000 }, (_, i) => ({
        url: `${emu.baseUrl}/api/visibility/scan-preview`,
        method: 'post',
        payload: JSON.stringify({ url: `floor-${tag}-${i}.com` }),
      }));
    const genFloor = floorMs(floorPosts('one'));
    // The same POSTs in the batches Generate sent (it grows them from 8 so that a dropped
    // connection costs few duplicate previews: scenario 10), with nothing around them.
    const batchedFloor = floorMs(floorPosts('batched'), batches);
    const calls = rt.sheetCalls();
    results.generate = {
      wallMs: genWall,
      posts: stats.requests['POST /api/visibility/scan-preview'] ?? 0,
      duplicates: stats.duplicatePreviews,
      roundTrips: rt.fetchStats.fetchAllCalls,
      sheetReads: calls.reads,
      sheetWrites: calls.writes,
      sheetCallsAll: calls.total,
      networkFloorMs: genFloor,
      timesFloor: Math.round((genWall / genFloor) * 10) / 10,
      batches,
      batchedFloorMs: batchedFloor,
      timesBatchedFloor: Math.round((genWall / batchedFloor) * 10) / 10,
      peakMb: peakMb(),
    };
    await emu.advance(120000);
    rt.advance(120000);
    rt.resetCounts();
    t0 = performance.now();
    rt.runFromSidebar('pollPendingPreviews');
    const after = await emu.stats();
    results.poll = {
      wallMs: ms(t0),
      gets: after.requests['GET /api/visibility/scan-preview'] ?? 0,
      roundTrips: rt.fetchStats.fetchAllCalls,
      sheetReads: rt.sheetCalls().reads,
      sheetWrites: rt.sheetCalls().writes,
      peakMb: peakMb(),
    };

    await rt.close();
    log('5. score 10,000 rows (8,000 sites) into values');
    await emu.control('reset', {});
    await emu.faults({ latencyMs: LATENCY });
    results.scores = await scoreBigList(emu);
    log('6. generate and poll 10,000 previews');
    await emu.control('reset', {});
    await emu.faults({ latencyMs: LATENCY });
    results.bigPreviews = await bigPreviews(emu);
    log('8. pitches for 10,000 rows');
    results.pitches = await pitchBigList(emu);

    log('11. VIS_SCORE over 2,000 and 10,000 sites, recalculated with the shared cache full');
    const atScale = [];
    for (const sites of [2000, 10000]) {
      await emu.control('reset', {});
      await emu.faults({ latencyMs: LATENCY });
      atScale.push(await formulaAtScale(emu, sites));
    }
    results.formulaAtScale = atScale;

    log('10. generate 500 rows with 2% of connections dropped, five seeds');
    results.drops = await generateUnderDrops(emu);

    log('9. a year-old workbook: 50,000 history rows, thirty tabs, previews pending');
    await emu.control('reset', {});
    await emu.faults({ latencyMs: LATENCY });
    rt = world(emu);
    yearOldWorkbook(rt);
    results.yearOld = entryCosts(rt);
    await rt.close();

    log('7. an agency’s heavy day of property reads and writes');
    await emu.control('reset', {});
    await emu.faults({ latencyMs: 0 });
    rt = world(emu);
    results.heavyDay = await heavyDay(rt, async (ms) => {
      await emu.advance(ms);
      rt.advance(ms);
    });
    await rt.close();

    rt = world(emu);
    log('4. bundle load time, sync HTTP');
    const runtimeLoads: number[] = [];
    for (let i = 0; i < 50; i++) {
      rt.run('VIS_REPORT_LINK', ['acme.com'], { mode: 'custom-function' });
      runtimeLoads.push(rt.lastLoadMs);
    }
    await rt.close();
    const busy = busyNeighbours(2);
    let besideBusy: LoadTimes;
    try {
      besideBusy = loadTimeOfProcesses('dist/Code.js');
    } finally {
      busy.stop();
    }
    results.bundle = {
      kb: Math.round((statSync('dist/Code.js').size / 1024) * 10) / 10,
      ...loadTimeOfProcesses('dist/Code.js'),
      besideBusy,
      runtimeLoadMsMedian: Math.round(median(runtimeLoads) * 10) / 10,
    };

    // How the runtime makes HTTP synchronous: a worker thread, against a process per batch.
    await emu.faults({});
    const url = `${emu.baseUrl}/api/visibility/score?slug=acme-analytics`;
    const http = new SyncHttp();
    t0 = performance.now();
    for (let i = 0; i < 20; i++) http.fetchAll([{ url, method: 'get', headers: {} }]);
    const workerMs = ms(t0) / 20;
    await http.close();
    t0 = performance.now();
    for (let i = 0; i < 20; i++)
      spawnSync(process.execPath, [
        path.join(__dirname, 'spawn-fetch.mjs'),
        JSON.stringify([{ url }]),
      ]);
    const spawnMs = ms(t0) / 20;
    results.syncHttp = {
      workerMsPerBatch: Math.round(workerMs * 100) / 100,
      spawnSyncMsPerBatch: Math.round(spawnMs * 10) / 10,
    };
  } finally {
    await emu.stop();
  }

  writeFileSync(path.join(__dirname, 'results.json'), JSON.stringify(results, null, 2) + '\n');
  writeFileSync(path.join(__dirname, 'results.svg'), chart(results));
  const table = figures(results);
  console.log(table);
  writeFileSync('docs/benchmark.md', benchmarkPage(table, results.machine as string));
}

/**
 * What a dropping connection costs Generate: every lost batch's previews are made again (the
 * service cannot say which of a lost batch it made). 500 rows at 2% drops, seeds 1-20: the mean
 * and the worst seed (issue 60: mean <= 50, worst <= 80).
 */
async function generateUnderDrops(emu: EmulatorProcess) {
  const runs: Array<{ extra: number; roundTrips: number; withoutLink: number }> = [];
  for (let seed = 1; seed <= 20; seed++) {
    await emu.control('reset', {});
    await emu.faults({ latencyMs: 0, rateDrop: 0.02, seed });
    const rt = world(emu);
    const sheet = rt.spreadsheet.activeSheet;
    sheet.probe.rows = [
      ['Company', 'Website'],
      ...Array.from({ length: 500 }, (_, i) => [`Company ${i}`, `dropped-${seed}-${i}.com`]),
    ].map((r) => r.map((value) => ({ value })));
    sheet.setActiveSelection('B1:B501');
    rt.resetCounts();
    generateUntilDone(rt);
    const link = sheet.probe.rows[0]!.findIndex((c) => c.value === 'Report URL');
    const links = sheet.probe.rows.slice(1).filter((r) => String(r[link]?.value ?? '') !== '');
    runs.push({
      extra: (await emu.stats()).duplicatePreviews,
      roundTrips: rt.fetchStats.fetchAllCalls,
      withoutLink: 500 - links.length,
    });
    await rt.close();
  }
  await emu.faults({});
  const mean = (k: keyof (typeof runs)[number]) => runs.reduce((n, r) => n + r[k], 0) / runs.length;
  return {
    extraPerSeed: runs.map((r) => r.extra),
    extraMean: mean('extra'),
    extraWorst: Math.max(...runs.map((r) => r.extra)),
    roundTripsMean: mean('roundTrips'),
    withoutLinkPerSeed: runs.map((r) => r.withoutLink),
  };
}

/**
 * Presses Generate on the selection, and again with its request while it answers `partial`;
 * returns how many executions it took.
 */
function generateUntilDone(rt: GasRuntime): number {
  let request: unknown = null;
  for (let executions = 1; ; executions++) {
    const r = rt.runFromSidebar('startPreviewsForSelection', request ? [request] : []) as {
      state: string;
      request: unknown;
    };
    if (r.state !== 'partial') return executions;
    request = r.request;
  }
}

/** Runs a sidebar call again while it answers `partial`, as the open sidebar does. */
function untilDone(rt: GasRuntime, fn: string, first: Record<string, unknown>): number {
  let executions = 0;
  let request: unknown = null;
  for (;;) {
    executions++;
    const r = rt.runFromSidebar(fn, [{ ...first, request }]) as { state: string; request: unknown };
    if (r.state !== 'partial') return executions;
    request = r.request;
  }
}

async function scoreBigList(emu: EmulatorProcess) {
  const rt = world(emu);
  const known = INDEX.filter((b) => !b.domain.endsWith('.example')).map((b) => b.domain);
  const distinct = Array.from({ length: 8000 }, (_, i) => known[i] ?? `scored-${i}.com`);
  const sites = [...distinct, ...distinct.slice(0, 2000)];
  const sheet = rt.spreadsheet.activeSheet;
  sheet.probe.rows = [['Website'], ...sites.map((s) => [s])].map((r) =>
    r.map((value) => ({ value })),
  );
  sheet.setActiveSelection(`A1:A${sites.length + 1}`);
  rt.resetCounts();
  const t0 = performance.now();
  const executions = untilDone(rt, 'scoreSelection', { refresh: 'missing' });
  const wallMs = ms(t0);
  const calls = rt.sheetCalls();
  const out = {
    rows: sites.length,
    sites: distinct.length,
    wallMs,
    requests: rt.fetchStats.requests,
    roundTrips: rt.fetchStats.fetchAllCalls,
    executions,
    sheetReads: calls.reads,
    sheetWrites: calls.writes,
    floorMs: floorMs(
      distinct.map((d) => ({ url: `${emu.baseUrl}/api/visibility/score?url=${d}`, method: 'get' })),
    ),
  };
  await rt.close();
  return out;
}

/**
 * `=VIS_SCORE` over `count` distinct sites: cold (recalculated until every row is answered, as
 * Sheets would over its 30 s limit), then ten minutes later after other users of the add-on wrote
 * 1,000 items of their own to the script cache they share (K2).
 */
async function formulaAtScale(emu: EmulatorProcess, count: number) {
  const rt = world(emu);
  const sites = Array.from({ length: count }, (_, i) => [`scale-${i}.com`]);
  let t0 = performance.now();
  let executions = 0;
  let out: unknown[][];
  do {
    out = rt.customFunction('VIS_SCORE', sites) as unknown[][];
    executions++;
  } while (executions < 10 && out.some((r) => r[0] !== 'not in index'));
  const cold = { wallMs: ms(t0), requests: rt.fetchStats.requests, executions };
  rt.advance(10 * 60_000);
  rt.scriptCache.fillAsOthers(1000, 21600);
  rt.resetCounts();
  t0 = performance.now();
  rt.customFunction('VIS_SCORE', sites);
  const warm = { wallMs: ms(t0), requests: rt.fetchStats.requests };
  await rt.close();
  return {
    sites: count,
    cold,
    warm,
    percent: Math.round((warm.requests / Math.max(1, cold.requests)) * 1000) / 10,
  };
}

/** The agency audit offer for 10,000 scored rows: no request, only the sheet's reads and writes. */
async function pitchBigList(emu: EmulatorProcess) {
  const rt = world(emu);
  const sheet = rt.spreadsheet.activeSheet;
  const rows = Array.from({ length: 10000 }, (_, i) => [
    `site-${i}.com`,
    (i * 13) % 101,
    (i * 7) % 101,
    (i * 3) % 101,
    (i * 5) % 101,
    i % 4 ? (i * 11) % 101 : '',
  ]);
  sheet.probe.rows = [
    ['Website', 'Public score', 'ChatGPT', 'Claude', 'Gemini', 'AI Overviews'],
    ...rows,
  ].map((r) => r.map((value) => ({ value })));
  sheet.setActiveSelection(`A1:A${rows.length + 1}`);
  const { starters } = rt.runFromSidebar('getOutreach') as {
    starters: Array<{ name: string; text: string }>;
  };
  const template = starters.find((t) => t.name === 'Agency audit offer')!.text;
  rt.resetCounts();
  const t0 = performance.now();
  const r = rt.runFromSidebar('writePitches', [{ template }]) as { written: number };
  const out = { rows: rows.length, written: r.written, wallMs: ms(t0), ...rt.sheetCalls() };
  await rt.close();
  return out;
}

/** The previous rule asked every pending preview every 10 s from its creation. */
function previousRuleGets(durationsMs: number[]): number {
  return durationsMs.reduce((n, d) => n + Math.ceil(d / 10000), 0) / durationsMs.length;
}

async function bigPreviews(emu: EmulatorProcess) {
  // A Workspace account: 10,000 previews take about 35,000 fetches, past a consumer's 20,000.
  const rt = new GasRuntime({
    distDir: path.resolve('dist'),
    extraAllowlist: [`${emu.baseUrl}/`],
    owner: 'owner@company.example',
  });
  rt.runFromSidebar('saveSettings', [{ baseUrl: emu.baseUrl, apiKey: 'demo-pro-key' }]);
  const sites = Array.from({ length: 10000 }, (_, i) => `big-${i}.com`);
  const sheet = rt.spreadsheet.activeSheet;
  sheet.probe.rows = [['Website'], ...sites.map((s) => [s])].map((r) =>
    r.map((value) => ({ value })),
  );
  sheet.setActiveSelection(`A1:A${sites.length + 1}`);
  rt.resetCounts();
  let t0 = performance.now();
  const executions = generateUntilDone(rt);
  const generateMs = ms(t0);
  const generated = rt.sheetCalls();
  const posts = (await emu.stats()).requests['POST /api/visibility/scan-preview'] ?? 0;
  // The sidebar's poll every 10 s of emulated time, until every preview is complete.
  t0 = performance.now();
  let polls = 0;
  for (let pending = Infinity; pending > 0 && polls < 40; polls++) {
    await emu.advance(10000);
    rt.advance(10000);
    pending = (rt.runFromSidebar('pollPendingPreviews') as { pending: number }).pending;
  }
  const pollMs = ms(t0);
  const gets = (await emu.stats()).requests['GET /api/visibility/scan-preview'] ?? 0;
  const durations = sites.map((s) => (30 + (parseInt(fnv1a(s), 16) % 61)) * 1000);
  const out = {
    rows: sites.length,
    posts,
    generateExecutions: executions,
    generateMs,
    generateSheetCalls: generated.reads + generated.writes,
    polls,
    pollMs,
    getsPerPreview: Math.round((gets / sites.length) * 100) / 100,
    previousRuleGetsPerPreview: Math.round(previousRuleGets(durations) * 100) / 100,
    sheetCalls: rt.sheetCalls().reads + rt.sheetCalls().writes,
  };
  await rt.close();
  return out;
}

type R = Record<string, any>;

/** The run's figures as a table of lines, each with its target. */
function figures(r: R): string {
  const f = r.formula;
  const g = r.generate;
  const p = r.poll;
  const lines = [
    `Machine: ${r.machine}; injected latency ${r.latencyMs} ms per request`,
    '',
    'scenario                               wall ms   requests  round trips  sheet calls  target',
    `1. VIS_SCORE 1,000 rows cold           ${pad(f.cold.wallMs)}${pad(f.cold.requests)}${pad(f.cold.roundTrips, 13)}${pad(f.cold.sheetCalls, 13)}  ≤3 round trips: ${f.cold.roundTrips <= 3 ? 'met' : 'MISSED'}; floor ${f.cold.floorMs} ms`,
    `   VIS_SCORE 1,000 rows warm           ${pad(f.warm.wallMs)}${pad(f.warm.requests)}${pad(f.warm.roundTrips, 13)}${pad(0, 13)}  0 requests: ${f.warm.requests === 0 ? 'met' : 'MISSED'}`,
    `   next day, cache gone, pace kept     ${pad(f.nextDay.wallMs)}${pad(f.nextDay.requests)}${pad(f.nextDay.roundTrips, 13)}${pad(0, 13)}  1 round trip: ${f.nextDay.roundTrips === 1 ? 'met' : 'MISSED'}`,
    `   naive peer (30 at a time)           ${pad(f.naive.wallMs)}${pad(f.naive.requests)}${pad(f.naive.requests, 13)}${pad(0, 13)}  ours ${f.speedup}× faster (≥10×: ${f.speedup >= 10 ? 'met' : 'MISSED'})`,
    `2. Generate previews, 1,000 rows       ${pad(g.wallMs)}${pad(g.posts)}${pad(g.roundTrips, 13)}${pad(g.sheetReads + g.sheetWrites, 13)}  ${g.timesBatchedFloor}× the ${g.batchedFloorMs} ms floor of its own batches (≤2×: ${g.timesBatchedFloor <= 2 ? 'met' : 'MISSED'}); ${g.timesFloor}× one bare fetchAll's ${g.networkFloorMs} ms`,
    `3. Poll 1,000 pending previews         ${pad(p.wallMs)}${pad(p.gets)}${pad(p.roundTrips, 13)}${pad(p.sheetReads + p.sheetWrites, 13)}  ${p.sheetWrites} write(s)`,
    `4. Load: ${r.bundle.ratio} of the reference's parse (≤${LOAD_RATIO_TARGET}, ${defaults.loadMsTarget} ms on this machine: ${r.bundle.ratio <= LOAD_RATIO_TARGET ? 'met' : 'MISSED'}), about ${Math.round(r.bundle.ratio * defaults.loadReferenceMs * 10) / 10} ms at the machine's usual pace; this run: fastest ${r.bundle.loadMsFastest} ms against the reference's ${r.bundle.referenceMsFastest} ms (ratio per process ${r.bundle.processRatios.join(', ')}), median ${r.bundle.loadMsMedian} ms (per process ${r.bundle.processMedians.join(', ')}), max ${r.bundle.loadMsMax} ms, parse ${r.bundle.parseMsMedian} + top level ${r.bundle.evaluateMsMedian} ms; bundle ${r.bundle.kb} KB (tripwire ${defaults.bundleTripwireKb}); in the local runtime, which compiles it once, ${r.bundle.runtimeLoadMsMedian} ms`,
    `   Beside two busy processes: ${r.bundle.besideBusy.ratio} of the reference's parse; fastest ${r.bundle.besideBusy.loadMsFastest} ms against the reference's ${r.bundle.besideBusy.referenceMsFastest} ms, median ${r.bundle.besideBusy.loadMsMedian} ms (per process ${r.bundle.besideBusy.processMedians.join(', ')})`,
    `   Sync HTTP: worker thread ${r.syncHttp.workerMsPerBatch} ms per batch, spawnSync ${r.syncHttp.spawnSyncMsPerBatch} ms per batch`,
    `   Process memory (RSS) after scenario 1: ${f.peakMb} MB; after scenarios 2-3: ${p.peakMb} MB`,
    `   Sheets calls in scenario 2: ${g.sheetReads} read + ${g.sheetWrites} writes of cell data, ${g.sheetCallsAll} calls of any kind; ${g.duplicates} duplicate previews`,
    `5. Score 10,000 rows (${r.scores.sites} sites) ${pad(r.scores.wallMs)}${pad(r.scores.requests)}${pad(r.scores.roundTrips, 13)}${pad(r.scores.sheetReads + r.scores.sheetWrites, 13)}  ${r.scores.executions} execution(s); every site once: ${r.scores.requests === r.scores.sites ? 'met' : 'MISSED'}; floor ${r.scores.floorMs} ms`,
    `6. Generate 10,000 previews           ${pad(r.bigPreviews.generateMs)}${pad(r.bigPreviews.posts)}${pad('', 13)}${pad(r.bigPreviews.generateSheetCalls, 13)}  ${r.bigPreviews.generateExecutions} executions; one POST per row: ${r.bigPreviews.posts === r.bigPreviews.rows ? 'met' : 'MISSED'}`,
    `   Poll them to completion (10 s tick) ${pad(r.bigPreviews.pollMs)}${pad(Math.round(r.bigPreviews.getsPerPreview * r.bigPreviews.rows))}${pad('', 13)}${pad(r.bigPreviews.sheetCalls, 13)}  ${r.bigPreviews.getsPerPreview} GETs per preview (≤3: ${r.bigPreviews.getsPerPreview <= 3 ? 'met' : 'MISSED'}; the previous rule: ${r.bigPreviews.previousRuleGetsPerPreview}), ${r.bigPreviews.polls} polls`,
    `7. Heavy day of property calls: ${r.heavyDay.day} projected (≤25,000 of 50,000: ${r.heavyDay.day <= 25000 ? 'met' : 'MISSED'}): ${r.heavyDay.perFormula} per formula x 10,000, ${r.heavyDay.pollHalfHour} per half hour of polls x 16, Generate ${r.heavyDay.generate}, Score ${r.heavyDay.score}`,
    `8. Write pitches, 10,000 rows           ${pad(r.pitches.wallMs)}${pad(0)}${pad(0, 13)}${pad(r.pitches.reads + r.pitches.writes, 13)}  ${r.pitches.written} written; ${r.pitches.reads} reads + ${r.pitches.writes} writes of cell data (the list's, and the run log's line)`,
    `10. Generate 500 rows, 2% of connections dropped, 20 seeds: ${r.drops.extraMean} extra previews on average (≤50: ${r.drops.extraMean <= 50 ? 'met' : 'MISSED'}), worst seed ${r.drops.extraWorst} (≤80: ${r.drops.extraWorst <= 80 ? 'met' : 'MISSED'}; per seed ${r.drops.extraPerSeed.join(', ')}), ${r.drops.roundTripsMean} round trips, rows without a link ${r.drops.withoutLinkPerSeed.join(', ')}`,
    ...(r.formulaAtScale as R[]).map(
      (s) =>
        `11. VIS_SCORE ${s.sites.toLocaleString('en-US')} sites, cold ${s.cold.requests} requests in ${s.cold.executions} execution(s), ${s.cold.wallMs} ms; ten minutes later, the shared cache full of others': ${s.warm.requests} requests (${s.percent}%), ${s.warm.wallMs} ms (≤5%: ${s.percent <= 5 ? 'met' : 'MISSED'})`,
    ),
    '9. A year-old workbook (50,000 history rows, 30 tabs of 500, 10 previews pending, 20 agents, 30 schedules)',
    '   entry point                 cells read  cells written  sheets calls  requests  wall ms',
    ...Object.entries(r.yearOld as Record<string, Record<string, number>>).map(
      ([name, c]) =>
        `   ${name.padEnd(26)}${pad(c.cellsRead, 12)}${pad(c.cellsWritten, 15)}${pad(c.sheetsCalls, 14)}${pad(c.requests)}${pad(c.wallMs, 9)}`,
    ),
    `   sidebar poll ≤20,000 cells read: ${r.yearOld.sidebarPoll.cellsRead <= 20000 ? 'met' : 'MISSED'}`,
  ];
  return lines.join('\n');
}

/**
 * docs/benchmark.md, written by each run: the figures are never copied by hand, so the page says
 * what the code does now. What each scenario is and why its target stands is said once, here.
 */
function benchmarkPage(table: string, machine: string): string {
  return `# Benchmark

\`npm run bench\` starts the emulator with injected latency per request, runs each scenario on the
built bundle in the local runtime, prints the table below and writes this page,
\`bench/results.json\` and \`bench/results.svg\`. This page is written by that run (${new Date().toISOString().slice(0, 10)}, ${machine}); times vary from run
to run on a shared 2-core machine, so read them as one sample, and the counts (requests, round
trips, sheet calls) as exact.

![Benchmark wall times](../bench/results.svg)

\`\`\`text
${table}
\`\`\`

- **1.** \`=VIS_SCORE(A2:A1001)\` over 800 distinct domains, cold, then recalculated, then again
  the next day (the cache gone) after a Score press over 20 of them kept the service's pace in
  the person's properties; the naive
  peer sends one \`fetch\` per cell, 30 executions at a time. The floor is the same requests in one
  bare \`fetchAll\`.
- **2, 3.** Generate previews on 1,000 rows, then one poll of them once they can be done. Generate
  holds no lock while sending and writes each round trip's rows as they come (a run cut off loses
  nothing), so it reads the sheet again before each write. Its target is against the floor of its
  own batches: the same POSTs, bare, in the batch sizes it sent (growing from 8, at most 48 until
  500 went clean). An earlier target measured it against all 1,000 POSTs in one bare \`fetchAll\`,
  which no safe Generate can be: a dropped connection loses every answer of its batch after the
  service made each preview, so a batch of 1,000 would leave up to 1,000 duplicate previews where
  scenario 10 shows about 24. The round trips that bound that loss are the cost of safety, not of
  the add-on's work, which the batched floor leaves out; the ratio to one bare \`fetchAll\` is still
  printed.
- **4. Load**: what the bundle's budget guards. Apps Script loads the project before every
  custom-function call; this is the parse and top-level run of \`dist/Code.js\` in a fresh V8
  context, each time a source V8 has not cached, 60 times in each of five fresh processes. Until
  2026-11-29 the target was the median load, at most 10 ms. The number was right and the figure
  wrong: this machine is shared, and a median measures the other processes as much as the
  bundle. Measured one after the other that day, the same bundle's median was 10.5 ms on its own,
  17.3 ms beside two processes that only spin and 26.7 ms beside four. Its fastest load (the one
  nothing interrupted: the documentation of Python's \`timeit\`,
  docs.python.org/3/library/timeit.html, reasons the same way, higher times "are typically not
  caused by variability in Python's speed, but by other processes interfering") held better, 8.8
  and 8.7 ms beside none and two, but not beside four (16.2 ms), and not through the day: on a
  quiet machine it was 8.5 ms in one run and 9.6 ms two hours later, because the machine itself
  runs slower at times (a virtual machine shares its cores below what any process here sees).
  So each process also parses a reference, alternately with the bundle, so both meet the same
  machine: axe-core's minified build (pinned in \`package.json\`, installed by npm ci). The bundle's
  fastest load over the reference's fastest parse stayed between 0.67 and 0.73 in every
  condition, while the reference's own fastest parse moved from 11.6 to 14.3 ms. The target is
  that ratio: \`loadMsTarget\` over \`loadReferenceMs\` (\`build-defaults.json\`), the 10 ms over
  the reference's usual 12.2 ms on this machine (the middle of twelve measurements through
  2026-11-29), so the target still means 10 ms here and means the same share of any other
  machine's pace. The second line shows each run beside two busy processes. The top level takes
  about 2.2 ms (zod's schemas are built on first use, not at load); the rest is the parse, which
  grows with the code, about 0.03 ms a KB at the usual pace. The size tripwire was raised from
  275 to 290 KB on that measure: 16 KB more code would bring the ratio to about 0.75. A zod
  loaded only on first use was tried: 5% off the ratio for 5.5 KB more bundle, not kept.
- **5, 6.** Score 10,000 rows into values; generate 10,000 previews and poll them to completion with
  the sidebar ticking every 10 s (the emulated clock).
- **7.** An agency's heavy day of property reads and writes, projected against Google's 50,000.
- **8.** Pitches for 10,000 rows.
- **9.** A year-old workbook (\`dev/yearOldWorkbook.ts\`): a 50,000-row \`Score history\`, thirty tabs
  of 500, ten previews pending, twenty agents, thirty daily schedules; each entry point's cells
  read and written.
- **11.** \`=VIS_SCORE\` over 2,000 and 10,000 distinct sites, cold (recalculated until every row
  is answered), then ten minutes later after other users wrote 1,000 items to the script cache,
  which every user of the add-on shares and which keeps 900 past 1,000 items: the list's readings
  are packed a few hundred to an item in the document's cache (\`src/domain/packedCache.ts\`).
- **10.** Generate 500 rows with 2% of connections dropped, seeds 1 to 5: a lost batch's previews
  are made again (the service cannot say which it made), so this is batch size traded against
  round trips (\`POST_BATCHING\`, \`src/domain/generationRun.ts\`).
`;
}

function pad(v: unknown, width = 10): string {
  return String(v).padStart(width);
}

function chart(r: R): string {
  const bars: Array<[string, number, string]> = [
    ['VIS_SCORE cold', r.formula.cold.wallMs, '#1a73e8'],
    ['VIS_SCORE warm', r.formula.warm.wallMs, '#34a853'],
    ['naive, 30 at a time', r.formula.naive.wallMs, '#ea4335'],
    ['Generate 1,000', r.generate.wallMs, '#1a73e8'],
    ['Poll 1,000', r.poll.wallMs, '#1a73e8'],
  ];
  const max = Math.max(...bars.map((b) => b[1]));
  const rowsSvg = bars
    .map(([label, value, color], i) => {
      const y = 40 + i * 34;
      const w = Math.max(2, (520 * value) / max);
      return `<text x="10" y="${y + 16}" font-size="13">${label}</text><rect x="170" y="${y}" width="${w.toFixed(1)}" height="22" fill="${color}"/><text x="${(176 + w).toFixed(1)}" y="${y + 16}" font-size="12">${value} ms</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="${60 + bars.length * 34}" font-family="Arial, sans-serif"><text x="10" y="22" font-size="15" font-weight="bold">Wall time, 1,000 rows, ${r.latencyMs} ms latency per request (lower is better)</text>${rowsSvg}</svg>\n`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
