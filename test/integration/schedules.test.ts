// Schedules on the emulated clock: a daily 09:00 refresh over three days (Paris time), the digest
// of what moved, the run log, pause, edit and delete, one trigger throughout, and a failing
// service that pauses the schedule after three runs with one e-mail.
import { INDEX } from '../../dev/emulator/brandIndex';
import { formatDate } from '../../dev/gas-runtime/mail';
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import type { Schedule } from '../../src/contract/schedules';
import { failing } from '../failing';
import { leaveFigures } from '../figures';

let w: World;
afterEach(() => w?.close());

const HOUR = 3600 * 1000;
const brands = INDEX.filter((b) => !b.domain.endsWith('.example')).slice(0, 20);

function setUp(): void {
  const book = w.rt.spreadsheet;
  book.timeZone = 'Europe/Paris';
  const sheet = book.activeSheet;
  sheet.setName('Prospects');
  sheet.probe.rows = [['Company', 'Website'], ...brands.map((b) => [b.brandName, b.domain])].map(
    (r) => r.map((value) => ({ value })),
  );
  // Start at 00:30 Paris time on a known day, whatever day the machine's clock says.
  const parisHour = Number(formatDate(new Date(w.rt.clock.now()), 'Europe/Paris', 'H'));
  const parisMinute = Number(formatDate(new Date(w.rt.clock.now()), 'Europe/Paris', 'm'));
  w.rt.advance((((24 - parisHour) % 24) * 60 - parisMinute + 30) * 60000);
}

/** Saves a schedule the sidebar's form sent; the test expects it saved. */
function save(schedule: Schedule) {
  const r = sidebar(w.rt).saveSchedule(schedule);
  if (!r.schedule) throw new Error(`not saved: ${r.message}`);
  return { ...r, schedule: r.schedule };
}

/** The Prospects list refreshed every day at 9:00, e-mailing moves of `minChange` or more. */
const dailyAt9 = (minChange: number): Schedule => ({
  action: 'refreshScores',
  sheetName: 'Prospects',
  every: 'day',
  hour: 9,
  refresh: 'all',
  alert: { email: true, minChange },
});

function scheduleRuns(): Array<{ time: Date; result: string }> {
  const log = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Visibility log');
  if (!log) return [];
  return log.probe.rows
    .slice(1)
    .filter((r) => r[1]?.value === 'schedule')
    .map((r) => ({ time: r[0]!.value as Date, result: String(r[8]?.value) }));
}

/** Lets hours pass on both clocks, the trigger firing as it comes due. */
async function hours(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await w.elapse(HOUR);
    expect(w.rt.triggers.list.length).toBeLessThanOrEqual(1);
  }
}

const parisHourOf = (d: Date) => Number(formatDate(d, 'Europe/Paris', 'H'));

describe('a daily schedule at 09:00', () => {
  it('refreshes once a day after 09:00, e-mails the big movers only, and stays quiet on a quiet day', async () => {
    w = await startWorld();
    setUp();
    const saved = save(dailyAt9(15));
    expect(saved.ok).toBe(true);
    expect(saved.schedule).toMatchObject({ mine: true, owner: w.rt.owner });
    expect(parisHourOf(new Date(saved.schedule.nextRun!))).toBe(9);
    expect(w.rt.triggers.list).toHaveLength(1);

    await hours(24);
    let runs = scheduleRuns();
    expect(runs).toHaveLength(1);
    expect(parisHourOf(runs[0]!.time)).toBe(9);
    expect(w.rt.mail.sent).toHaveLength(0);

    // Day 2: five brands move by 20, five by 3, before 09:00.
    const big = brands.slice(0, 5);
    const small = brands.slice(5, 10);
    await w.emu.moveBrands([
      ...big.map((b) => ({
        brand: b.domain,
        overallScore: b.overallScore > 50 ? b.overallScore - 20 : b.overallScore + 20,
        lastScanDate: '2026-12-01T06:00:00.000Z',
      })),
      ...small.map((b) => ({
        brand: b.domain,
        overallScore: b.overallScore > 50 ? b.overallScore - 3 : b.overallScore + 3,
        lastScanDate: '2026-12-01T06:00:00.000Z',
      })),
    ]);
    await hours(24);
    runs = scheduleRuns();
    expect(runs).toHaveLength(2);
    expect(w.rt.mail.sent).toHaveLength(1);
    const mail = w.rt.mail.sent[0]!;
    expect(mail.to).toBe(w.rt.owner);
    for (const b of big) expect(mail.body).toContain(b.brandName);
    for (const b of small) {
      // A 3-point move counts only if it crossed a level boundary.
      const line = mail.body.split('\n').find((l) => l.includes(`${b.brandName} (`));
      if (line) expect(line).toMatch(/level \w+ → \w+/);
    }
    expect(mail.body).toContain('https://docs.google.com/spreadsheets/d/');
    expect(mail.body).not.toContain('demo-pro-key');

    // Day 3: nothing moves, no e-mail.
    await hours(24);
    expect(scheduleRuns().map((r) => parisHourOf(r.time))).toEqual([9, 9, 9]);
    expect(w.rt.mail.sent).toHaveLength(1);
    expect(w.rt.triggers.list).toHaveLength(1);
    const sidebarLog = sidebar(w.rt).getRunLog();
    expect(sidebarLog[0]).toMatchObject({
      run: 'schedule',
      action: expect.stringMatching(/^refresh scores/),
    });

    // Pause: no run; edit the hour; delete: no trigger left once nothing is scheduled or pending.
    save({ ...saved.schedule, paused: true });
    await hours(24);
    expect(scheduleRuns()).toHaveLength(3);
    const edited = save({ ...saved.schedule, paused: false, hour: 15 });
    expect(parisHourOf(new Date(edited.schedule.nextRun!))).toBe(15);
    const listed = sidebar(w.rt).getSchedules();
    expect(listed.map((s) => s.hour)).toEqual([15]);
    const deleted = sidebar(w.rt).deleteSchedule(saved.schedule.id);
    expect(deleted.ok).toBe(true);
    expect(sidebar(w.rt).getSchedules()).toEqual([]);
    expect(w.rt.triggers.list).toHaveLength(0);
  }, 120000);

  it('e-mails one digest for a run that takes several firings, with the movers of every part', async () => {
    // Each round trip takes 5 minutes, whatever its size: one round trip a firing. The day's first
    // firing sends 100 (the service's pace unknown), the next 50 (two sizes that took as long
    // tell a latency from a pace), the third the 870 left.
    w = await startWorld({ fetchRoundTripMs: 5 * 60000 });
    // The hourly trigger fires at the minute the schedule is saved: save it just after a whole
    // hour, so a firing's 5-minute round trips end in the hour it began (a run at 23:57 UTC once
    // logged its first part at 10:02 and failed the hours below).
    await w.elapse(HOUR - (w.rt.clock.now() % HOUR) + 60_000);
    setUp();
    const first = brands.slice(0, 10);
    const second = brands.slice(10, 20);
    const sites = [
      ...first.map((b) => b.domain),
      ...Array.from({ length: 990 }, (_, i) => `filler-${i}.com`),
      ...second.map((b) => b.domain),
    ];
    w.rt.spreadsheet.activeSheet.probe.rows = [
      ['Company', 'Website'],
      ...sites.map((d) => ['', d]),
    ].map((r) => r.map((value) => ({ value })));
    save(dailyAt9(15));
    await hours(24);
    expect(scheduleRuns().map((r) => parisHourOf(r.time))).toEqual([9, 10, 11]);
    expect(w.rt.mail.sent).toHaveLength(0);

    await w.emu.moveBrands(
      [...first, ...second].map((b) => ({
        brand: b.domain,
        overallScore: b.overallScore > 50 ? b.overallScore - 20 : b.overallScore + 20,
        lastScanDate: '2026-12-01T06:00:00.000Z',
      })),
    );
    await hours(24);
    const runs = scheduleRuns().slice(3);
    // The second day starts from the service's pace the first day's runs measured (kept in the
    // owner's properties past the cache's six hours): one firing fewer, still more than one.
    expect(runs.map((r) => parisHourOf(r.time))).toEqual([9, 10]);
    expect(runs[0]!.result).toMatch(/^continuing next hour/);
    expect(w.rt.mail.sent).toHaveLength(1);
    const mail = w.rt.mail.sent[0]!;
    expect(mail.subject).toMatch(/20 changes/);
    for (const b of [...first, ...second]) expect(mail.body).toContain(`${b.brandName} (`);
    expect(runs[1]!.result).toMatch(/Alert e-mailed \(20 changes\)/);
  }, 120000);

  it('is changed only by its owner, and a failing service pauses it after 3 runs with one e-mail', async () => {
    w = await startWorld();
    setUp();
    const saved = save({ action: 'refreshScores', sheetName: 'Prospects', every: 'day', hour: 9 });
    const other = sidebar(w.rt, 'colleague@gmail.com').saveSchedule({ ...saved.schedule, hour: 3 });
    expect(other).toMatchObject({
      ok: false,
      message: expect.stringMatching(/only they can change it/),
    });
    const seen = sidebar(w.rt, 'colleague@gmail.com').getSchedules();
    expect(seen).toMatchObject([{ mine: false }]);

    await w.emu.faults({ rate5xx: 1, seed: 3 });
    await hours(24 * 4);
    const runs = scheduleRuns();
    expect(runs).toHaveLength(3);
    expect(runs[2]!.result).toMatch(/paused after 3 failures/);
    expect(w.rt.mail.sent).toHaveLength(1);
    expect(w.rt.mail.sent[0]!.subject).toMatch(/paused/);
    const listed = sidebar(w.rt).getSchedules();
    expect(listed[0]).toMatchObject({ paused: true, failures: 3 });
    // Nothing scheduled that runs, nothing pending: the trigger is gone.
    expect(w.rt.triggers.list).toHaveLength(0);
  }, 120000);
});

describe('a schedule that meets a list with no rows yet, a busy document, or other editors', () => {
  const daily: Schedule = {
    action: 'refreshScores',
    sheetName: 'Prospects',
    every: 'day',
    hour: 9,
  };

  it('is not failing while its list has a Website header and no rows: it logs "no rows yet" for four days and stays active', async () => {
    w = await startWorld();
    setUp();
    w.rt.spreadsheet.activeSheet.probe.rows = [[{ value: 'Company' }, { value: 'Website' }]];
    expect(save(daily).ok).toBe(true);
    await hours(24 * 4);
    const runs = scheduleRuns();
    expect(runs.map((r) => r.result)).toEqual(Array(4).fill(expect.stringMatching(/^no rows yet/)));
    expect(w.rt.mail.sent).toHaveLength(0);
    const [listed] = sidebar(w.rt).getSchedules();
    expect(listed).toMatchObject({ paused: false, failures: 0 });
    expect(w.rt.triggers.list).toHaveLength(1);
  }, 120000);

  it('is "busy, next firing" while another run holds the document, four days long, and runs once it is free', async () => {
    w = await startWorld();
    setUp();
    expect(save(daily).ok).toBe(true);
    // The background has no document lock: the user's lock is what another run of theirs holds.
    w.rt.holdLock('user', true);
    await hours(24 * 4);
    const busy = scheduleRuns();
    expect(busy.length).toBeGreaterThanOrEqual(4);
    expect(busy.map((r) => r.result)).toEqual(
      Array(busy.length).fill(expect.stringMatching(/^busy, next firing/)),
    );
    let [listed] = sidebar(w.rt).getSchedules();
    expect(listed).toMatchObject({ paused: false, failures: 0 });
    expect(w.rt.mail.sent).toHaveLength(0);
    w.rt.holdLock('user', false);
    await hours(1);
    expect(scheduleRuns().at(-1)!.result).toMatch(/rows: \d+ scored/);
    [listed] = sidebar(w.rt).getSchedules();
    expect(listed).toMatchObject({ paused: false, failures: 0 });
  }, 120000);

  it('paused after failures is shown paused, with its owner and no next run, to every other editor', async () => {
    w = await startWorld();
    setUp();
    expect(save(daily).ok).toBe(true);
    await w.emu.faults({ rate5xx: 1, seed: 3 });
    await hours(24 * 4);
    const seen = sidebar(w.rt, 'colleague@gmail.com').getSchedules();
    expect(seen).toEqual([
      expect.objectContaining({
        mine: false,
        owner: w.rt.owner,
        paused: true,
        nextRun: null,
        failures: 3,
        lastResult: expect.stringMatching(/paused after 3 failures/),
      }),
    ]);
    // Kept in the file PROJECT-visible: no other script or add-on an editor runs reads it (D2).
    const kept = w.rt.spreadsheet.getDeveloperMetadata();
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.map((md) => md.visibility)).toEqual(kept.map(() => 'PROJECT'));
  }, 120000);
});

describe('schedules at agency scale', () => {
  const clientSheet = (i: number) => `Client ${i}`;

  /** One sheet per client, three brands each, and a daily schedule for each at 09:00. */
  function agency(count: number): void {
    setUp();
    for (let i = 1; i <= count; i++) {
      const sheet = w.rt.spreadsheet.addSheet(clientSheet(i));
      const three = [0, 1, 2].map((k) => brands[(i + k) % brands.length]!);
      sheet.probe.rows = [['Company', 'Website'], ...three.map((b) => [b.brandName, b.domain])].map(
        (r) => r.map((value) => ({ value })),
      );
    }
  }

  const daily = (i: number): Schedule => ({
    action: 'refreshScores',
    sheetName: clientSheet(i),
    every: 'day',
    hour: 9,
    refresh: 'all',
    alert: { email: true, minChange: 5 },
  });

  it('saves, lists and runs 50 schedules over two days, each once a day, one property each', async () => {
    w = await startWorld();
    agency(50);
    for (let i = 1; i <= 50; i++)
      expect(sidebar(w.rt).saveSchedule(daily(i))).toMatchObject({ ok: true });
    const listed = sidebar(w.rt).getSchedules();
    expect(listed.map((s) => s.sheetName)).toEqual(
      Array.from({ length: 50 }, (_, i) => clientSheet(i + 1)),
    );
    const props = w.rt.userProperties(w.rt.owner).data;
    const runKeys = Object.keys(props).filter((k) => k.startsWith('vis.run.'));
    expect(runKeys).toHaveLength(50);
    expect(Math.max(...Object.values(props).map((v) => v.length))).toBeLessThan(2000);

    await hours(48);
    const perSheet = new Map<string, number>();
    const log = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Visibility log')!;
    for (const r of log.probe.rows.slice(1).filter((r) => r[1]?.value === 'schedule')) {
      const sheet = String(r[3]?.value);
      perSheet.set(sheet, (perSheet.get(sheet) ?? 0) + 1);
    }
    const sheets = Array.from({ length: 50 }, (_, i) => clientSheet(i + 1));
    expect(failing(sheets, (s) => perSheet.get(s) === 2)).toEqual([]);
    expect(
      sidebar(w.rt)
        .getSchedules()
        .every((s) => s.lastRun !== null && s.failures === 0),
    ).toBe(true);
    leaveFigures('50 schedules over two days', {
      'schedules saved': runKeys.length,
      'runs (each schedule once a day)': [...perSheet.values()].reduce((a, b) => a + b, 0),
      'largest property value (characters)': Math.max(...Object.values(props).map((v) => v.length)),
      'e-mails': w.rt.mail.sent.length,
    });
  }, 240000);

  it('refuses the 101st schedule of a spreadsheet in words, before writing anything', async () => {
    w = await startWorld();
    agency(1);
    for (let i = 0; i < 100; i++) expect(sidebar(w.rt).saveSchedule(daily(1)).ok).toBe(true);
    const before = JSON.stringify(w.rt.documentProps.data);
    const refused = sidebar(w.rt).saveSchedule(daily(1));
    expect(refused).toMatchObject({ ok: false, schedule: null });
    expect(refused.message).toMatch(/already has 100 schedules.*delete one/);
    expect(JSON.stringify(w.rt.documentProps.data)).toBe(before);
    // Editing one of the hundred still saves.
    const first = sidebar(w.rt).getSchedules()[0]!;
    expect(sidebar(w.rt).saveSchedule({ ...first, hour: 10 }).ok).toBe(true);
  }, 120000);

  it('reads the lists an earlier version kept in one value, and splits them at the next change', async () => {
    w = await startWorld();
    agency(2);
    expect(sidebar(w.rt).saveSchedule(daily(1)).ok).toBe(true);
    expect(sidebar(w.rt).saveSchedule(daily(2)).ok).toBe(true);
    // Rewrite both stores as the earlier version kept them: one list each.
    const doc = w.rt.documentProps.data;
    const user = w.rt.userProperties(w.rt.owner).data;
    const defs = Object.keys(doc).filter((k) => k.startsWith('vis.schedule.def.'));
    doc['vis.schedules'] = JSON.stringify(defs.map((k) => JSON.parse(doc[k]!)));
    const runs = Object.keys(user).filter((k) => k.startsWith('vis.run.'));
    user['vis.schedules.mine'] = JSON.stringify(
      Object.fromEntries(runs.map((k) => [k.slice('vis.run.'.length), JSON.parse(user[k]!)])),
    );
    for (const k of defs) delete doc[k];
    for (const k of runs) delete user[k];

    const listed = sidebar(w.rt).getSchedules();
    expect(listed.map((s) => s.sheetName)).toEqual([clientSheet(1), clientSheet(2)]);
    expect(sidebar(w.rt).deleteSchedule(listed[0]!.id).ok).toBe(true);
    expect(doc['vis.schedules']).toBeUndefined();
    expect(user['vis.schedules.mine']).toBeUndefined();
    expect(
      sidebar(w.rt)
        .getSchedules()
        .map((s) => s.sheetName),
    ).toEqual([clientSheet(2)]);
    await hours(24);
    expect(sidebar(w.rt).getSchedules()[0]!.lastRun).not.toBeNull();
  }, 120000);
});

describe('a schedule on a day the URL-fetch quota is used up', () => {
  it('waits for the reset without a failure or an e-mail, and the next day carries on', async () => {
    w = await startWorld({ urlFetchDailyQuota: 10 });
    setUp();
    save(dailyAt9(0));
    await hours(24);
    const [first] = scheduleRuns();
    expect(first!.result).toMatch(/Today's requests are used up/);
    expect(w.rt.mail.sent).toHaveLength(0);
    const listed = sidebar(w.rt).getSchedules()[0]!;
    expect(listed.failures).toBe(0);
    expect(listed.paused).toBe(false);
    // The rows that were not reached keep what they had: no "no answer" anywhere.
    const sheet = w.rt.spreadsheet.sheets.find((x) => x.probe.title === 'Prospects')!;
    const cells = sheet.probe.rows.flat().map((c) => String(c.value ?? ''));
    expect(cells.filter((c) => /no answer/.test(c))).toEqual([]);
    await hours(24);
    expect(scheduleRuns()).toHaveLength(2);
    expect(sidebar(w.rt).getSchedules()[0]!.failures).toBe(0);
  });
});
