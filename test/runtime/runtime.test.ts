// The local Apps Script runtime's own tests: each service's behaviour and limits, on a probe project.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnEmulator, type EmulatorProcess } from '../../dev/emulator/process';
import { GasRuntime } from '../../dev/gas-runtime/runtime';
import { formatDate } from '../../dev/gas-runtime/mail';
import { GLOBALS_APPS_SCRIPT_LACKS } from '../appsScriptLacks';

const distDir = path.join(__dirname, '..', 'fixtures', 'probe-bundle');
let rt: GasRuntime;
beforeEach(() => {
  rt = new GasRuntime({ distDir });
});
afterEach(() => rt.close());

describe('the context', () => {
  it('offers nothing of Node', () => {
    expect(rt.run('probeGlobals', [GLOBALS_APPS_SCRIPT_LACKS])).toBe('');
  });
  it('names what it does not offer: a method it has not modelled throws NotOffered, not a TypeError', () => {
    expect(() => rt.run('probeNotOffered')).toThrow(
      /^The local runtime does not offer SpreadsheetApp\.openByUrl: model it in dev\/gas-runtime/,
    );
    // What it offers is untouched.
    expect(rt.run('probeWrite')).toBeUndefined();
  });
  it('is fresh for every execution, so globals are no cache', () => {
    expect(rt.run('probeState')).toBe(1);
    expect(rt.run('probeState')).toBe(1);
  });
  it('refuses a Date across google.script.run, in either direction', () => {
    expect(() => rt.runFromSidebar('probeDateResult')).toThrow(/cannot carry a Date/);
    expect(() => rt.runFromSidebar('probeState', [{ at: new Date(0) }])).toThrow(
      /cannot carry a Date/,
    );
  });
  it('keeps a function whose name ends in _ from google.script.run, not from the script (E5)', () => {
    expect(rt.run('probePrivate_')).toBe('private');
    expect(() => rt.runFromSidebar('probePrivate_')).toThrow(
      'Script function not found: probePrivate_',
    );
  });
  it('names a missing function as Apps Script does', () => {
    expect(() => rt.run('nope')).toThrow('Script function not found: nope');
  });
});

describe('custom-function mode', () => {
  it('gives a scalar for a cell and a 2-D array for a range', () => {
    expect(rt.customFunction('DOUBLE', 21)).toBe(42);
    expect(rt.customFunction('DOUBLE', [[1], [2]])).toEqual([[2], [4]]);
  });
  it('refuses writes, triggers and UI with Apps Script’s error, but reads', () => {
    expect(() => rt.customFunction('probeWrite')).toThrow(
      'You do not have permission to call Range.setValues',
    );
    expect(() => rt.customFunction('probeTrigger')).toThrow(
      /You do not have permission to call ScriptApp/,
    );
    expect(() => rt.customFunction('probeUi')).toThrow(
      'You do not have permission to call SpreadsheetApp.getUi',
    );
    expect(() => rt.customFunction('probeRead')).not.toThrow();
  });
  it("reads the owner's user properties, read-only", () => {
    rt.userProperties(rt.owner).data.k = 'owner value';
    rt.userProperties('editor@example.com').data.k = 'editor value';
    expect(rt.customFunction('probeUserProp')).toBe('owner value');
    expect(rt.run('probeUserProp', [], { user: 'editor@example.com' })).toBe('editor value');
    expect(() => rt.customFunction('probeSetUserProp', 'x')).toThrow(/permission/);
  });
  it('fails a call past 30 seconds, and the platform’s stop cannot be caught', () => {
    expect(() => rt.customFunction('probeSleepForever')).toThrow('Exceeded maximum execution time');
    expect(() => rt.run('probeCatchTimeout', [], { limitMs: 5000 })).toThrow(
      'Exceeded maximum execution time',
    );
    expect(rt.spreadsheet.activeSheet.cell(1, 1).value).toBe('');
  });
  it('recalculates formulas and spills arrays', () => {
    const sheet = rt.spreadsheet.activeSheet;
    sheet.probe.place(1, 1, { value: 1 });
    sheet.probe.place(2, 1, { value: 2 });
    sheet.probe.place(1, 2, { value: '', formula: '=DOUBLE(A1:A2)' });
    rt.recalculate();
    expect([sheet.cell(1, 2).value, sheet.cell(2, 2).value]).toEqual([2, 4]);
    expect(sheet.cell(1, 2).formula).toBe('=DOUBLE(A1:A2)');
  });
});

describe('the execution clock (E2 on a busy machine; its counting: test/unit/runtimeClock.test.ts)', () => {
  it('told to count work: the script’s own computing still stops it at its limit', () => {
    const working = new GasRuntime({ distDir, executionClock: 'work' });
    expect(working.run('probeBusy', [50], { limitMs: 1000 })).toBe('done');
    expect(() => working.run('probeBusy', [1500], { limitMs: 100 })).toThrow(
      'Exceeded maximum execution time',
    );
    expect(() => working.customFunction('probeSleepForever')).toThrow(
      'Exceeded maximum execution time',
    );
    return working.close();
  });
});

describe('services', () => {
  it('reads written strings as Sheets does (formulas, numbers, apostrophe text) and counts every call', () => {
    rt.run('probeFormula');
    const sheet = rt.spreadsheet.activeSheet;
    expect(sheet.cell(1, 1).formula).toBe('=1+1');
    expect(sheet.cell(1, 2)).toEqual({ value: '=text' });
    expect(sheet.cell(1, 3).value).toBe(-5);
    expect(sheet.cell(1, 4).formula).toBe('@evil');
    expect(rt.counts['Range.setValues']).toBe(1);
    expect(rt.sheetCalls().writes).toBe(1);
  });
  it('sleeps on the runtime clock, not the wall clock', () => {
    const [clockBefore, wallBefore] = [rt.clock.now(), Date.now()];
    expect(rt.run('probeSleep', [60000])).toBeGreaterThanOrEqual(60000);
    // The runtime's clock moved by the whole sleep while the wall clock hardly moved: nothing
    // waited. (Each clock is compared with itself: two readings a millisecond apart never race.)
    expect(rt.clock.now() - clockBefore).toBeGreaterThanOrEqual(60000);
    expect(Date.now() - wallBefore).toBeLessThan(30000);
  });
  it('formatDate Z gives the zone’s offset at that instant, through changes of clocks (T1)', () => {
    const z = (iso: string, tz: string) => formatDate(new Date(iso), tz, 'yyyy-MM-dd HH:mm Z');
    expect(z('2027-10-31T00:30:00Z', 'Europe/Berlin')).toBe('2027-10-31 02:30 +0200');
    expect(z('2027-10-31T01:30:00Z', 'Europe/Berlin')).toBe('2027-10-31 02:30 +0100');
    expect(z('2027-03-28T01:30:00Z', 'Europe/Berlin')).toBe('2027-03-28 03:30 +0200');
    expect(z('2027-01-15T12:00:00Z', 'Asia/Kolkata')).toBe('2027-01-15 17:30 +0530');
    expect(z('2027-01-15T12:00:00Z', 'America/New_York')).toBe('2027-01-15 07:00 -0500');
  });
  it('expires cache entries on the runtime clock and enforces key and value sizes', () => {
    rt.run('probeCachePut', ['k', 'v', 10]);
    expect(rt.run('probeCacheGet', ['k'])).toBe('v');
    rt.advance(11000);
    expect(rt.run('probeCacheGet', ['k'])).toBeNull();
    expect(() => rt.run('probeCachePut', ['x'.repeat(251), 'v', 10])).toThrow(
      'Argument too large: key',
    );
    expect(() => rt.run('probeCachePut', ['k', 'x'.repeat(100 * 1024 + 1), 10])).toThrow(
      'Argument too large: value',
    );
  });
  it('enforces the property value size', () => {
    expect(() => rt.run('probePropBig')).toThrow('Argument too large: value');
  });
  it('P1 counts a property in bytes of UTF-8, its key included', () => {
    // 3,000 characters of two bytes each are 6,000 bytes: kept; 4,700 are 9,400: refused.
    expect(rt.run('probePropText', ['k', 'é'.repeat(3000)])).toBe('kept');
    expect(() => rt.run('probePropText', ['k', 'é'.repeat(4700)])).toThrow(
      'Argument too large: value',
    );
    // The key counts: a value that fits alone does not with a long key.
    expect(rt.run('probePropText', ['k', 'x'.repeat(9000)])).toBe('kept');
    expect(() => rt.run('probePropText', ['k'.repeat(300), 'x'.repeat(9000)])).toThrow(
      'Argument too large: value',
    );
  });
  it('fires time-driven triggers by the clock, hourly at most for an add-on, and limits them', () => {
    expect(rt.run('probeTrigger')).toBe(1);
    rt.advance(3 * 60 * 60 * 1000);
    expect(rt.scriptProps.data.ticks).toBe('3');
    expect(() => rt.run('probeTrigger')).toThrow(/too many time-based triggers/);
    expect(() => rt.run('probeMinuteTrigger')).toThrow(/more frequently than once per hour/);
    // A bound script's one-minute trigger: 20 s a run fits 270 runs in the 90 minutes a day.
    const slow = new GasRuntime({ distDir, addon: false });
    // Start just after midnight UTC, so the six hours fall on one day.
    const now = slow.clock.now();
    slow.advance(Math.ceil(now / 86400000) * 86400000 + 60000 - now);
    slow.run('probeSlowTickTrigger');
    slow.advance(6 * 3600 * 1000);
    expect(Number(slow.scriptProps.data.ticks)).toBe(270);
    expect(slow.logs.filter((l) => l.includes('too much computer time')).length).toBeGreaterThan(0);
    void slow.close();
    const bound = new GasRuntime({ distDir, addon: false });
    for (let i = 0; i < 20; i++) bound.run('probeMinuteTrigger');
    expect(() => bound.run('probeMinuteTrigger')).toThrow(/too many triggers/);
    void bound.close();
  });
  it('captures menus, and holds a lock another execution has', () => {
    rt.run('probeUi', [], { mode: 'menu' });
    expect(rt.ui.menus[0]!.items).toEqual([{ caption: 'Hello', fn: 'tick' }]);
    expect(rt.run('probeLock')).toBe(true);
    rt.holdLock('document', true);
    expect(rt.run('probeLock')).toBe(false);
  });
  it('in AuthMode.NONE, only the menu may be built', () => {
    expect(() => rt.run('probeUi', [], { mode: 'simple-trigger', authNone: true })).not.toThrow();
    expect(() => rt.run('probeUserProp', [], { mode: 'simple-trigger', authNone: true })).toThrow(
      /permission/,
    );
  });
});

describe('UrlFetchApp over real HTTP', () => {
  let emu: EmulatorProcess;
  beforeAll(async () => {
    emu = await spawnEmulator();
  });
  afterAll(() => emu.stop());
  beforeEach(() => emu.control('reset', {}));

  it('fetchAll sends its requests concurrently and returns them in order', async () => {
    await emu.faults({ latencyMs: 200 });
    const urls = Array.from(
      { length: 20 },
      (_, i) => `${emu.baseUrl}/api/visibility/score?slug=${i % 2 ? 'acme-analytics' : 'nobody'}`,
    );
    const out = rt.run('probeFetchAll', [urls]) as unknown[][];
    expect(out.map((r) => r[0])).toEqual(urls.map((_, i) => (i % 2 ? 200 : 404)));
    expect((await emu.stats()).maxInFlight).toBeGreaterThanOrEqual(10);
    expect(rt.fetchStats).toMatchObject({ requests: 20, fetchAllCalls: 1 });
  });
  it('throws for an HTTP error without muteHttpExceptions, and for a batch with no answer', async () => {
    expect(() => rt.run('probeFetch', [`${emu.baseUrl}/api/visibility/score?slug=nobody`])).toThrow(
      /returned code 404/,
    );
    await emu.faults({ rateDrop: 1 });
    expect(() => rt.run('probeFetchAll', [[`${emu.baseUrl}/api/visibility/score?slug=x`]])).toThrow(
      /Address unavailable/,
    );
  });
  it('follows a redirect unless followRedirects is false, which returns the redirect (U2)', async () => {
    await emu.faults({ attack: 'redirect' });
    const moved = `${emu.baseUrl}/api/visibility/report?syntheticId=1`;
    expect(rt.run('probeFetch', [moved])).toBe(200);
    expect(rt.run('probeFetchNoRedirect', [moved])).toEqual([
      302,
      '/api/visibility/score?slug=acme-analytics',
    ]);
    expect(rt.fetchStats.log.map((l) => l.url.replace(emu.baseUrl, ''))).toEqual([
      '/api/visibility/report?syntheticId=1',
      '/api/visibility/score?slug=acme-analytics',
      '/api/visibility/report?syntheticId=1',
    ]);
  });
  it('enforces the daily quota with Apps Script’s message', () => {
    const small = new GasRuntime({ distDir, urlFetchDailyQuota: 3 });
    const url = `${emu.baseUrl}/api/visibility/score?slug=acme-analytics`;
    small.run('probeFetchAll', [[url, url, url]]);
    expect(() => small.run('probeFetchAll', [[url]])).toThrow(
      'Service invoked too many times for one day: urlfetch.',
    );
    void small.close();
  });
});

describe('the syntax Apps Script runs (E4)', () => {
  const bundle = (code: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'syntax-'));
    writeFileSync(path.join(dir, 'Code.js'), code);
    return new GasRuntime({ distDir: dir });
  };
  it('runs ES2020 (optional chaining, nullish coalescing) and refuses newer syntax at load', async () => {
    const es2020 = bundle('function f() { const o = null; return o?.x ?? 2; }\n');
    expect(es2020.run('f')).toBe(2);
    await es2020.close();
    const es2021 = bundle('function f() { let a = null; a ??= 1; return a; }\n');
    expect(() => es2021.run('f')).toThrow(/SyntaxError: .*beyond ES2020/);
    await es2021.close();
  });
});
