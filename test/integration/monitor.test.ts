import { KEYS, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';

let w: World;
afterEach(() => w?.close());

const IDS = [1001, 1002, 1003, 1004, 1005, 999999, 'abc'];

async function monitor(apiKey?: string): Promise<World> {
  w = await startWorld(apiKey ? { apiKey } : {});
  sidebar(w.rt).openScanMonitor();
  const sheet = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
  IDS.forEach((id, i) => sheet.probe.place(i + 2, 1, { value: id }));
  return w;
}

function rowOf(id: unknown): Record<string, unknown> {
  const sheet = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
  const head = sheet.probe.rows[0]!.map((c) => String(c.value));
  const row = sheet.probe.rows.find((r) => r[0]?.value === id)!;
  return Object.fromEntries(head.map((h, i) => [h, row[i]?.value ?? '']));
}

const poll = () => sidebar(w.rt).pollScanMonitor();
const select = (id: number) => {
  const sheet = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
  const row = sheet.probe.rows.findIndex((r) => r[0]?.value === id) + 1;
  sheet.setActiveSelection(`A${row}`);
};
const rescan = () => sidebar(w.rt).rescanSelected();

describe('scan monitor', () => {
  it('opened from its tab, it is made as the template makes it: headers, colour scale, how-to note, shown', async () => {
    w = await startWorld();
    sidebar(w.rt).openScanMonitor();
    const sheet = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
    expect(sheet.probe.rows[0]![0]).toMatchObject({
      value: 'Brand agent ID',
      note: expect.stringMatching(/one brand agent ID per row/),
    });
    expect(sheet.conditionalRules).toHaveLength(1);
    expect(w.rt.spreadsheet.activeSheet.getName()).toBe('Scan monitor');
    // Opened again: nothing added twice.
    sidebar(w.rt).openScanMonitor();
    expect(sheet.conditionalRules).toHaveLength(1);
  });

  it('creates the sheet with its headers and shows every state; a failed scan never shows its 0', async () => {
    await monitor();
    const r = poll();
    expect(r.watched).toBe(IDS.length);
    expect(w.rt.fetchStats.fetchAllCalls).toBe(1);
    expect(rowOf(1001)).toMatchObject({
      'Scan state': 'complete',
      'Overall score': expect.any(Number),
      'Report URL': expect.stringMatching(/^http/),
    });
    expect(rowOf(1001)['Scan date']).toBeInstanceOf(Date);
    expect(rowOf(1001)['Last checked']).toBeInstanceOf(Date);
    expect(rowOf(1002)).toMatchObject({ Gemini: '', ChatGPT: expect.any(Number) });
    expect(rowOf(1003)).toMatchObject({ 'Scan state': 'none', 'Overall score': '' });
    expect(rowOf(1004)).toMatchObject({ 'Scan state': 'failed', 'Overall score': '', ChatGPT: '' });
    expect(rowOf(1004)['Scan message']).toMatch(
      /^The scan failed: no AI engine answered \(usually brief\)\. Select the row and choose "Rescan selected agents"/,
    );
    expect(rowOf(1005)).toMatchObject({
      'Scan state': 'running',
      Progress: expect.stringMatching(/^\d+\/24$/),
    });
    expect(rowOf(999999)['Scan state']).toBe('error: unknown agent');
    expect(rowOf('abc')['Scan state']).toBe('error: not an ID');
    // Finished scans enter the history once per (agent, scan date), a failed one with no score.
    poll();
    const history = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!;
    const head = history.probe.rows[0]!.map((c) => c.value);
    const scans = history.probe.rows
      .slice(1)
      .map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]?.value ?? ''])));
    // An agent's ID is a reference: written as text, it reads back as the text it was (G15).
    expect(scans.map((r) => [r.Reference, r.Source]).sort()).toEqual([
      ['1001', 'scan'],
      ['1002', 'scan'],
      ['1004', 'scan'],
    ]);
    expect(scans.find((r) => r.Reference === '1004')!['Public score']).toBe('');
    expect(scans.find((r) => r.Reference === '1001')!['Public score']).toBe(
      rowOf(1001)['Overall score'],
    );
  });

  it('asks about a running scan every 30 s at most and a settled row every 10 minutes, unless a person asks', async () => {
    await monitor();
    poll();
    const gets = async () => (await w.emu.stats()).requests['GET /api/visibility/scan'] ?? 0;
    const first = await gets();
    await w.elapse(10000);
    poll();
    expect(await gets()).toBe(first);
    // 30 s on: only the running scan (1005) is due again.
    await w.elapse(25000);
    poll();
    expect(await gets()).toBe(first + 1);
    // Refresh now: every valid row, due or not.
    sidebar(w.rt).pollScanMonitor(true);
    expect(await gets()).toBe(first + 1 + 6);
  });

  it('first scan: nothing to show, then running with progress, then complete', async () => {
    await monitor();
    poll();
    select(1003);
    expect(rescan().state).toBe('done');
    expect((await w.emu.stats()).requests['POST /api/visibility/scan']).toBe(1);
    await w.elapse(60000);
    poll();
    expect(rowOf(1003)).toMatchObject({
      'Scan state': 'running',
      Progress: expect.stringMatching(/^\d+\/24$/),
    });
    await w.elapse(5 * 60000);
    poll();
    expect(rowOf(1003)).toMatchObject({
      'Scan state': 'complete',
      'Overall score': expect.any(Number),
      'Rescan requested': '',
    });
  });

  it('a rescan keeps the previous result visible, marked as previous, until a later scan arrives', async () => {
    await monitor();
    poll();
    const before = rowOf(1001);
    select(1001);
    rescan();
    await w.elapse(60000);
    poll();
    const during = rowOf(1001);
    expect(during['Scan state']).toBe('running');
    expect(during['Overall score']).toBe(before['Overall score']);
    expect(during['Scan date']).toEqual(before['Scan date']);
    expect(during['Scan message']).toMatch(/previous scan/);
    await w.elapse(5 * 60000);
    poll();
    const after = rowOf(1001);
    expect(after['Scan state']).toBe('complete');
    expect((after['Scan date'] as Date).getTime()).toBeGreaterThan(
      (before['Scan date'] as Date).getTime(),
    );
    expect(after['Scan message']).toBe('');
  });

  it.each([
    ['read-only', KEYS.readOnly, /read-only/],
    ['maintenance', undefined, /paused for maintenance/],
  ])(
    'refuses a rescan in plain words (%s) and touches nothing; polling still works',
    async (_name, key, message) => {
      await monitor(key);
      if (!key) await w.emu.control('maintenance', { paused: true });
      poll();
      const before = JSON.stringify(
        w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!.probe.rows,
      );
      select(1001);
      const r = rescan();
      expect(r.state).toBe('refused');
      expect(r.message).toMatch(message);
      expect(
        JSON.stringify(
          w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!.probe.rows,
        ),
      ).toBe(before);
      expect(poll().watched).toBe(IDS.length);
    },
  );

  it('the safety-net trigger keeps polling while a scan runs, and is removed when all are done', async () => {
    await monitor();
    poll();
    select(1003);
    rescan();
    expect(w.rt.triggers.list.map((t) => t.handler)).toEqual(['pollInBackground']);
    await w.elapse(6 * 60000);
    w.rt.advance(60 * 60 * 1000);
    expect(rowOf(1003)['Scan state']).toBe('complete');
    // 1005 was already running when the sheet was first read; once it finishes nothing is left.
    expect(rowOf(1005)['Scan state']).toBe('complete');
    expect(w.rt.triggers.list).toHaveLength(0);
  });
});

describe('automatic retry', () => {
  it('a rescan that reaches no engine is sent once more by itself, and then shows its result', async () => {
    await monitor();
    const sheet = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
    sheet.probe.place(IDS.length + 2, 1, { value: 1007 });
    poll();
    select(1007);
    rescan();
    await w.elapse(6 * 60000);
    poll();
    expect(rowOf(1007)['Scan state']).toBe('running');
    expect(rowOf(1007)['Scan message']).toMatch(/sent once more automatically/);
    expect(String(rowOf(1007)['Rescan requested'])).toMatch(/\(retried automatically\)$/);
    expect((await w.emu.stats()).requests['POST /api/visibility/scan']).toBe(2);
    await w.elapse(6 * 60000);
    poll();
    expect(rowOf(1007)).toMatchObject({ 'Scan state': 'complete', 'Rescan requested': '' });
    expect((await w.emu.stats()).requests['POST /api/visibility/scan']).toBe(2);
  });
});

describe('what an editor types into Rescan requested', () => {
  it('spends no key: only a rescan its person pressed is retried automatically', async () => {
    await monitor();
    const sheet = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
    poll();
    expect(rowOf(1004)['Scan state']).toBe('failed');
    // A date before the agent's failed scan, typed by an editor: it reads as a rescan that failed.
    const column = sheet.probe.rows[0]!.findIndex((c) => c.value === 'Rescan requested') + 1;
    const row = sheet.probe.rows.findIndex((r) => r[0]?.value === 1004) + 1;
    sheet.probe.place(row, column, { value: new Date('2020-01-01T00:00:00Z') });
    await w.elapse(11 * 60000);
    poll();
    expect((await w.emu.stats()).requests['POST /api/visibility/scan'] ?? 0).toBe(0);
  });
});

describe('previews and the monitor', () => {
  it('never generates previews from the monitor sheet', async () => {
    await monitor();
    select(1001);
    const r = sidebar(w.rt).startPreviewsForSelection();
    expect(r.state).toBe('nothing');
    expect((await w.emu.stats()).requests['POST /api/visibility/scan-preview']).toBeUndefined();
    const sheet = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
    expect(sheet.probe.rows[0]!.map((c) => c.value)).not.toContain('Preview status');
  });
});

describe('nothing slow under the lock', () => {
  it('while a monitor poll waits on the service, Score and Generate presses are not told the sheet is busy', async () => {
    await monitor();
    const list = w.rt.spreadsheet.insertSheet('List');
    list.probe.rows = [['Website'], ['nike.com'], ['lock-test-1.com']].map((r) =>
      r.map((value) => ({ value })),
    );
    const presses: Array<{ state: string; message: string }> = [];
    // The runtime makes an execution that wants a lock wait until its holder lets go: presses
    // that run while the poll's request is out (its answers not yet written) met no lock.
    let stateWhenPressed: unknown = null;
    w.rt.run('pollScanMonitor', [true], {
      mode: 'sidebar',
      interleave: {
        at: { call: 'UrlFetchApp.fetchAll', nth: 1 },
        run: () => {
          stateWhenPressed = rowOf(1001)['Scan state'];
          list.setActiveSelection('A1:A3');
          presses.push(sidebar(w.rt).scoreSelection({ refresh: 'all' }));
          presses.push(w.rt.runFromSidebar('startPreviewsForSelection', []) as never);
        },
      },
    });
    expect(presses).toHaveLength(2);
    expect(stateWhenPressed).toBe('');
    for (const p of presses) expect(p.message).not.toMatch(/busy|another run|Another update/i);
    expect(presses.map((p) => p.state)).toEqual(['done', 'done']);
    // And the poll still wrote its answers.
    expect(rowOf(1001)['Scan state']).toBe('complete');
  });
});
