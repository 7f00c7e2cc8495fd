// Schedules on the memory kit: the Schedules tab's save, list, take-over and delete,
// and the hourly run of due schedules, for an owner and a teammate sharing one document.
import {
  deleteScheduleIn,
  listSchedules,
  listSheetsIn,
  saveScheduleIn,
  takeOverIn,
} from '../../src/addon/schedules';
import { runDueWith } from '../../src/addon/scheduleRuns';
import { PAUSE_AFTER_FAILURES } from '../../src/domain/schedules';
import { notGrantedMessage } from '../../src/domain/permissions';
import type { Schedule } from '../../src/contract/schedules';
import type { RunOutcome } from '../../src/domain/scheduleRun';
import { FakeScheduleDoc } from './fakes';

const DAY = 86_400_000;
const ANA = 'ana@team.example';
const BEN = 'ben@team.example';
const daily: Schedule = {
  action: 'refreshScores',
  sheetName: 'Prospects',
  every: 'day',
  hour: 9,
  alert: { email: true, minChange: 5 },
};
const report: Schedule = {
  action: 'sendReport',
  sheetName: 'Prospects',
  every: 'week',
  weekday: 1,
  hour: 9,
  report: { site: 'nike.com', competitors: ['adidas.com'], weeks: 8, to: ['cmo@client.example'] },
};

function saved(doc: FakeScheduleDoc, who = ANA, s: Schedule = daily) {
  const r = saveScheduleIn(doc.kit(who), s);
  if (!r.ok || !r.schedule) throw new Error(r.message);
  return r.schedule;
}

describe('the Schedules tab', () => {
  it('saves a schedule that runs as its owner from its next hour, listed for every editor', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    expect(s).toMatchObject({ owner: ANA, mine: true, paused: false, lastRun: null });
    expect(s.nextRun).toBe(new Date(Date.UTC(2026, 10, 26, 9)).toISOString());
    expect(doc.runs(ANA).get(s.id)).toMatchObject({ docId: 'doc-1', failures: 0 });
    expect(doc.file.work.get('schedules')).toBe(1);
    expect(listSchedules(doc.kit(BEN))).toEqual([
      expect.objectContaining({ id: s.id, owner: ANA, mine: false, mayTakeOver: false }),
    ]);
  });

  it('shows a report’s recipients to its owner only; a teammate sees how many', () => {
    const doc = new FakeScheduleDoc();
    saved(doc, ANA, report);
    const [mine] = listSchedules(doc.kit(ANA));
    const [theirs] = listSchedules(doc.kit(BEN));
    expect(mine).toMatchObject({ recipients: 1, report: { to: ['cmo@client.example'] } });
    expect(theirs).toMatchObject({ recipients: 1, report: { to: [] } });
  });

  it('refuses a sheet the document lacks, and a teammate’s change or delete, writing nothing', () => {
    const doc = new FakeScheduleDoc();
    expect(saveScheduleIn(doc.kit(ANA), { ...daily, sheetName: 'Gone' }).ok).toBe(false);
    expect(doc.store(ANA).definitions()).toHaveLength(0);
    const s = saved(doc);
    const before = JSON.stringify(doc.store(ANA).definitions());
    expect(saveScheduleIn(doc.kit(BEN), { ...daily, id: s.id, hour: 7 }).message).toBe(
      `This schedule runs as ${ANA}: only they can change it.`,
    );
    expect(deleteScheduleIn(doc.kit(BEN), s.id).ok).toBe(false);
    expect(JSON.stringify(doc.store(ANA).definitions())).toBe(before);
    expect(doc.runs(BEN).size).toBe(0);
  });

  it('deletes everywhere it is kept: the definition, the run records, the held news', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    doc.store(ANA).news.hold(s.id, { lines: ['x'], more: 0 });
    expect(deleteScheduleIn(doc.kit(ANA), s.id)).toMatchObject({ ok: true });
    expect(kept(doc)).toEqual([0, 0, 0]);
    expect(doc.store(ANA).news.held(s.id)).toEqual({ lines: [], more: 0 });
    expect(doc.file.work.has('schedules')).toBe(false);
    expect(deleteScheduleIn(doc.kit(ANA), s.id).message).toMatch(/already deleted/);
  });

  it('refuses report recipients beyond what the account may e-mail in a day', () => {
    const doc = new FakeScheduleDoc();
    const to = Array.from({ length: 101 }, (_, i) => `r${i}@x.example`);
    const r = saveScheduleIn(doc.kit(ANA), { ...report, report: { ...report.report!, to } });
    expect(r.ok).toBe(false);
    expect(doc.store(ANA).definitions()).toHaveLength(0);
  });

  it('offers the document’s own sheets, not the add-on’s', () => {
    expect(listSheetsIn(new FakeScheduleDoc().kit(ANA))).toEqual(['Prospects']);
  });
});

describe('the hourly run of due schedules', () => {
  it('runs a due schedule once a day, shares how it went, and logs the run', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    let attempts = 0;
    const ana = () => doc.run(ANA, { attempt: (run) => (attempts++, okRun(run.schedule.id)) });
    expect(runDueWith(ana(), Infinity)).toEqual({ ran: 0, waiting: 0 });
    doc.t += DAY;
    expect(runDueWith(ana(), Infinity)).toEqual({ ran: 1, waiting: 0 });
    expect(runDueWith(ana(), Infinity)).toEqual({ ran: 0, waiting: 0 });
    expect(attempts).toBe(1);
    expect(doc.store(BEN).shared()[s.id]).toMatchObject({
      lastRun: doc.t,
      owner: ANA,
      failures: 0,
    });
    expect(doc.log).toEqual([expect.objectContaining({ run: 'schedule', sheet: 'Prospects' })]);
    expect(listSchedules(doc.kit(BEN))[0]?.lastRun).toBe(new Date(doc.t).toISOString());
  });

  it('pauses after repeated failures with one e-mail, paused for every editor too', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    for (let day = 1; day <= PAUSE_AFTER_FAILURES + 1; day++) {
      doc.t += DAY;
      runDueWith(doc.run(ANA, { attempt: () => failed('the service did not answer') }), Infinity);
    }
    expect(doc.mailed(ANA)).toHaveLength(1);
    expect(doc.runs(ANA).get(s.id)?.schedule.paused).toBe(true);
    expect(listSchedules(doc.kit(BEN))[0]).toMatchObject({ paused: true, nextRun: null });
    expect(doc.log).toHaveLength(PAUSE_AFTER_FAILURES);
  });

  it('adds the lead watches’ line to an alert digest, and says an e-mail Google refused', () => {
    const doc = new FakeScheduleDoc();
    saved(doc);
    doc.t += DAY;
    const news: RunOutcome = { ...okRun('x'), news: ['nike.com 60 → 80 (+20)'] };
    runDueWith(
      doc.run(ANA, { attempt: () => news, leadsLine: () => 'Lead watches: 2 new leads.' }),
      Infinity,
    );
    expect(doc.mailed(ANA)[0]?.body).toMatch(/nike\.com[\s\S]*Lead watches: 2 new leads\./);
    doc.t += DAY;
    runDueWith(doc.run(ANA, { attempt: () => news }, { missing: ['mail'] }), Infinity);
    expect(doc.log.at(-1)?.result).toContain(`No e-mail sent: ${notGrantedMessage('mail')}`);
  });

  it('leaves what it could not reach by the deadline for the next firing', () => {
    const doc = new FakeScheduleDoc();
    saved(doc);
    saved(doc, ANA, { ...daily, hour: 10 });
    doc.t += DAY;
    let attempts = 0;
    const run = () => doc.run(ANA, { attempt: (r) => (attempts++, okRun(r.schedule.id)) });
    expect(runDueWith(run(), doc.t)).toEqual({ ran: 0, waiting: 2 });
    expect(attempts).toBe(0);
    expect(runDueWith(run(), Infinity)).toEqual({ ran: 2, waiting: 0 });
  });

  it('writes nothing back for a schedule its owner deleted while it ran', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    doc.t += DAY;
    const run = doc.run(ANA, {
      attempt: () => (deleteScheduleIn(doc.kit(ANA), s.id), okRun(s.id)),
    });
    expect(runDueWith(run, Infinity).ran).toBe(1);
    expect(kept(doc)).toEqual([0, 0, 0]);
    expect(doc.log).toEqual([]);
  });

  it('a teammate takes over a schedule gone silent; the old owner’s run lets it go, once', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    expect(takeOverIn(doc.kit(BEN), s.id).ok).toBe(false);
    doc.t += 3 * DAY;
    expect(listSchedules(doc.kit(BEN))[0]?.mayTakeOver).toBe(true);
    expect(takeOverIn(doc.kit(BEN), s.id)).toMatchObject({ ok: true, schedule: { owner: BEN } });
    let anaRan = 0;
    const ana = doc.run(ANA, { attempt: () => (anaRan++, okRun(s.id)) });
    expect(runDueWith(ana, Infinity).ran).toBe(0);
    expect(anaRan).toBe(0);
    expect(doc.runs(ANA).size).toBe(0);
    expect(doc.log.map((e) => e.result)).toEqual([
      `Taken over by ${BEN}: it runs as them from now on, no longer as ${ANA}.`,
    ]);
    doc.t += DAY;
    expect(runDueWith(doc.run(BEN), Infinity).ran).toBe(1);
    expect(doc.store(ANA).shared()[s.id]?.owner).toBe(BEN);
  });
});

/** Definitions, shared run records and Ana's run records the document's store keeps. */
const kept = (doc: FakeScheduleDoc) => [
  doc.store(ANA).definitions().length,
  Object.keys(doc.store(ANA).shared()).length,
  doc.runs(ANA).size,
];

const okRun = (id: string): Extract<RunOutcome, { kind: 'done' }> => ({
  kind: 'done',
  result: `Scored ${id}.`,
  news: [],
  counts: { rows: 1, requests: 1, changed: 0, errors: 0 },
});
const failed = (reason: string): RunOutcome => ({
  kind: 'failed',
  reason,
  counts: { rows: 0, requests: 0, changed: 0, errors: 1 },
});
