// Schedules through their ports, in memory: the Schedules tab's save, list, take-over and delete,
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
  const r = saveScheduleIn(doc.ports(who), s);
  if (!r.ok || !r.schedule) throw new Error(r.message);
  return r.schedule;
}

describe('the Schedules tab', () => {
  it('saves a schedule that runs as its owner from its next hour, listed for every editor', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    expect(s).toMatchObject({ owner: ANA, mine: true, paused: false, lastRun: null });
    expect(s.nextRun).toBe(new Date(Date.UTC(2026, 10, 26, 9)).toISOString());
    expect(doc.person(ANA).runs.get(s.id)).toMatchObject({ docId: 'doc-1', failures: 0 });
    expect(doc.person(ANA).running).toEqual([1]);
    expect(listSchedules(doc.ports(BEN))).toEqual([
      expect.objectContaining({ id: s.id, owner: ANA, mine: false, mayTakeOver: false }),
    ]);
  });

  it('shows a report’s recipients to its owner only; a teammate sees how many', () => {
    const doc = new FakeScheduleDoc();
    saved(doc, ANA, report);
    const [mine] = listSchedules(doc.ports(ANA));
    const [theirs] = listSchedules(doc.ports(BEN));
    expect(mine).toMatchObject({ recipients: 1, report: { to: ['cmo@client.example'] } });
    expect(theirs).toMatchObject({ recipients: 1, report: { to: [] } });
  });

  it('refuses a sheet the document lacks, and a teammate’s change or delete, writing nothing', () => {
    const doc = new FakeScheduleDoc();
    expect(saveScheduleIn(doc.ports(ANA), { ...daily, sheetName: 'Gone' }).ok).toBe(false);
    expect(doc.definitions.size).toBe(0);
    const s = saved(doc);
    const before = JSON.stringify([...doc.definitions.values()]);
    expect(saveScheduleIn(doc.ports(BEN), { ...daily, id: s.id, hour: 7 }).message).toBe(
      `This schedule runs as ${ANA}: only they can change it.`,
    );
    expect(deleteScheduleIn(doc.ports(BEN), s.id).ok).toBe(false);
    expect(JSON.stringify([...doc.definitions.values()])).toBe(before);
    expect(doc.person(BEN).runs.size).toBe(0);
  });

  it('deletes everywhere it is kept: the definition, the run records, the held news', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    doc.person(ANA).news.set(s.id, { lines: ['x'], more: 0 });
    expect(deleteScheduleIn(doc.ports(ANA), s.id)).toMatchObject({ ok: true });
    expect([doc.definitions.size, doc.shared.size, doc.person(ANA).runs.size]).toEqual([0, 0, 0]);
    expect(doc.person(ANA).news.size).toBe(0);
    expect(doc.person(ANA).running.at(-1)).toBe(0);
    expect(deleteScheduleIn(doc.ports(ANA), s.id).message).toMatch(/already deleted/);
  });

  it('refuses report recipients beyond what the account may e-mail in a day', () => {
    const doc = new FakeScheduleDoc();
    const r = saveScheduleIn(doc.ports(ANA, { recipientsPerDay: () => 1 }), {
      ...report,
      report: { ...report.report!, to: ['a@x.example', 'b@x.example'] },
    });
    expect(r.ok).toBe(false);
    expect(doc.definitions.size).toBe(0);
  });

  it('offers the document’s own sheets, not the add-on’s', () => {
    expect(listSheetsIn(new FakeScheduleDoc().ports(ANA))).toEqual(['Prospects']);
  });
});

describe('the hourly run of due schedules', () => {
  it('runs a due schedule once a day, shares how it went, and logs the run', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    let attempts = 0;
    const ana = () => doc.ports(ANA, { attempt: (run) => (attempts++, okRun(run.schedule.id)) });
    expect(runDueWith(ana(), Infinity)).toEqual({ ran: 0, waiting: 0 });
    doc.t += DAY;
    expect(runDueWith(ana(), Infinity)).toEqual({ ran: 1, waiting: 0 });
    expect(runDueWith(ana(), Infinity)).toEqual({ ran: 0, waiting: 0 });
    expect(attempts).toBe(1);
    expect(doc.shared.get(s.id)).toMatchObject({ lastRun: doc.t, owner: ANA, failures: 0 });
    expect(doc.log).toEqual([expect.objectContaining({ run: 'schedule', sheet: 'Prospects' })]);
    expect(listSchedules(doc.ports(BEN))[0]?.lastRun).toBe(new Date(doc.t).toISOString());
  });

  it('pauses after repeated failures with one e-mail, paused for every editor too', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    const failing = doc.ports(ANA, { attempt: () => failed('the service did not answer') });
    for (let day = 1; day <= PAUSE_AFTER_FAILURES + 1; day++) {
      doc.t += DAY;
      runDueWith(failing, Infinity);
    }
    expect(doc.person(ANA).mailed).toHaveLength(1);
    expect(doc.person(ANA).runs.get(s.id)?.schedule.paused).toBe(true);
    expect(listSchedules(doc.ports(BEN))[0]).toMatchObject({ paused: true, nextRun: null });
    expect(doc.log).toHaveLength(PAUSE_AFTER_FAILURES);
  });

  it('adds the lead watches’ line to an alert digest, and says an e-mail Google refused', () => {
    const doc = new FakeScheduleDoc();
    saved(doc);
    doc.t += DAY;
    const news: RunOutcome = { ...okRun('x'), news: ['nike.com 60 → 80 (+20)'] };
    runDueWith(
      doc.ports(ANA, { attempt: () => news, leadsLine: () => 'Lead watches: 2 new leads.' }),
      Infinity,
    );
    expect(doc.person(ANA).mailed[0]?.body).toMatch(/nike\.com[\s\S]*Lead watches: 2 new leads\./);
    doc.t += DAY;
    runDueWith(doc.ports(ANA, { attempt: () => news, mail: () => 'no permission' }), Infinity);
    expect(doc.log.at(-1)?.result).toContain(`No e-mail sent: ${notGrantedMessage('mail')}`);
  });

  it('leaves what it could not reach by the deadline for the next firing', () => {
    const doc = new FakeScheduleDoc();
    saved(doc);
    saved(doc, ANA, { ...daily, hour: 10 });
    doc.t += DAY;
    let attempts = 0;
    const p = doc.ports(ANA, { attempt: (run) => (attempts++, okRun(run.schedule.id)) });
    expect(runDueWith(p, doc.t)).toEqual({ ran: 0, waiting: 2 });
    expect(attempts).toBe(0);
    expect(runDueWith(p, Infinity)).toEqual({ ran: 2, waiting: 0 });
  });

  it('writes nothing back for a schedule its owner deleted while it ran', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    doc.t += DAY;
    const p = doc.ports(ANA, {
      attempt: () => (deleteScheduleIn(doc.ports(ANA), s.id), okRun(s.id)),
    });
    expect(runDueWith(p, Infinity).ran).toBe(1);
    expect([doc.definitions.size, doc.shared.size, doc.person(ANA).runs.size]).toEqual([0, 0, 0]);
    expect(doc.log).toEqual([]);
  });

  it('a teammate takes over a schedule gone silent; the old owner’s run lets it go, once', () => {
    const doc = new FakeScheduleDoc();
    const s = saved(doc);
    expect(takeOverIn(doc.ports(BEN), s.id).ok).toBe(false);
    doc.t += 3 * DAY;
    expect(listSchedules(doc.ports(BEN))[0]?.mayTakeOver).toBe(true);
    expect(takeOverIn(doc.ports(BEN), s.id)).toMatchObject({ ok: true, schedule: { owner: BEN } });
    let anaRan = 0;
    const ana = doc.ports(ANA, { attempt: () => (anaRan++, okRun(s.id)) });
    expect(runDueWith(ana, Infinity).ran).toBe(0);
    expect(anaRan).toBe(0);
    expect(doc.person(ANA).runs.size).toBe(0);
    expect(doc.log.map((e) => e.result)).toEqual([
      `Taken over by ${BEN}: it runs as them from now on, no longer as ${ANA}.`,
    ]);
    doc.t += DAY;
    expect(runDueWith(doc.ports(BEN), Infinity).ran).toBe(1);
    expect(doc.shared.get(s.id)?.owner).toBe(BEN);
  });
});

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
