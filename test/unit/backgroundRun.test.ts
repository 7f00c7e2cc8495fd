// The hourly run on the memory kit: every file with work in turn, a failing or vanished one never
// stopping the others, a missing permission said once, the firing's budget.
import { runBackground, type DocumentWork } from '../../src/addon/background';
import { BACKGROUND_BUDGET_MS, TRIGGER_TIME_RESERVE_MS } from '../../src/limits';
import type { PollReport } from '../../src/contract/previews';
import { tallyPreviews } from '../../src/domain/previewPoll';
import type { Permission } from '../../src/domain/permissions';
import { MONITOR_SHEET } from '../../src/domain/scanWatch';
import { memoryFile, memoryKit, type MemoryFile, type MemoryKit } from '../../dev/memoryKit';

/** A poll that found nothing new: nothing pending, nothing finished. */
const QUIET: PollReport = {
  ...tallyPreviews([]),
  justCompleted: [],
  waitingOnOthers: [],
  stranded: [],
  unadopted: { rows: 0, ids: 0 },
  busy: false,
  asked: 0,
};

/** The person's files with work (each with a scan monitor), and their hourly run's firings. */
class World {
  t = Date.UTC(2026, 10, 26, 10);
  did: string[] = [];
  ended: number[] = [];
  stopped = false;
  missing: Permission[] = [];
  leftTodayMs = 90 * 60_000;
  work: Record<string, Partial<DocumentWork>> = {};
  files = new Map<string, MemoryFile>();
  /** The firing in progress: an add-on's clock trigger has no document of its own. */
  kit!: MemoryKit;
  private person = { properties: new Map<string, string>(), mailed: [], cache: new Map() };

  constructor(ids: string[]) {
    for (const id of ids) {
      const file = memoryFile(id);
      file.work.set('previews', 1);
      file.sheets.set(MONITOR_SHEET, [['Brand agent ID']]);
      this.files.set(id, file);
    }
  }

  /** One firing; each document's work as `work` says, else noted in `did`. */
  run(): void {
    this.kit = memoryKit({
      file: memoryFile('no-document'),
      files: [...this.files.values()],
      now: this.t,
      person: this.person,
      missing: this.missing,
      triggerMsLeft: this.leftTodayMs,
    });
    const { later } = this.kit;
    const tidy = later.tidy;
    later.tidy = () => (this.did.push('tidy triggers'), tidy());
    runBackground(this.kit, (doc) => {
      const id = doc.tables.fileId();
      return {
        previews: () => (this.did.push(`${id}:previews`), QUIET),
        monitor: () => void this.did.push(`${id}:monitor`),
        leads: () => void this.did.push(`${id}:leads`),
        schedules: () => (this.did.push(`${id}:schedules`), { waiting: 0 }),
        ...this.work[id],
      };
    });
    this.ended.push(...this.kit.hourly.ended);
    this.stopped ||= this.kit.hourly.stopped;
  }

  /** A file deleted, or no longer shared with the person. */
  gone(id: string): void {
    this.files.get(id)!.gone = true;
  }

  /** Each file's `Visibility log`, oldest first. */
  get logs() {
    return [...this.files].flatMap(([doc, file]) =>
      memoryKit({ file })
        .log.recent(1_000)
        .reverse()
        .map((entry) => ({ doc, action: entry.action, entry })),
    );
  }
}

it('works through every document in order: previews, scans, leads, then schedules', () => {
  const w = new World(['a', 'b']);
  w.run();
  expect(w.did).toEqual([
    'tidy triggers',
    'a:previews',
    'a:monitor',
    'a:leads',
    'a:schedules',
    'b:previews',
    'b:monitor',
    'b:leads',
    'b:schedules',
  ]);
  expect([w.ended, w.logs, w.stopped]).toEqual([[0], [], false]);
});

it('no document left: the trigger goes, nothing else is done', () => {
  const w = new World([]);
  w.run();
  expect([w.stopped, w.did, w.ended]).toEqual([true, ['tidy triggers'], []]);
});

it('a document that fails says so in its own log, and the next one still runs', () => {
  const w = new World(['a', 'b', 'c']);
  w.work.a = {
    leads: () => {
      throw new Error('Sheet was deleted');
    },
  };
  w.gone('b');
  const developers = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  w.run();
  // Google's log is the developers': the error's kind, never its message (it may quote sheets).
  expect(developers.mock.calls).toEqual([['Background work failed in one spreadsheet', 'Error']]);
  developers.mockRestore();
  expect(w.did).toEqual([
    'tidy triggers',
    'a:previews',
    'a:monitor',
    'c:previews',
    'c:monitor',
    'c:leads',
    'c:schedules',
  ]);
  expect(w.logs).toEqual([
    expect.objectContaining({
      doc: 'a',
      action: 'background work',
      entry: expect.objectContaining({
        errors: 1,
        result: expect.stringMatching(/^failed: Sheet was deleted; it is tried again/),
      }),
    }),
  ]);
  expect(w.ended).toHaveLength(1);
});

it('without the service permission: no scan polls, and it is said once per document, not hourly', () => {
  const w = new World(['a']);
  w.missing = ['service'];
  w.run();
  w.run();
  expect(w.did.filter((d) => d.endsWith('monitor'))).toEqual([]);
  expect(w.logs.filter((l) => l.action === 'background work')).toHaveLength(1);
});

it('stops opening documents past the firing’s budget; the rest wait for the next firing', () => {
  const w = new World(['a', 'b']);
  w.work.a = { schedules: () => (w.kit.advance(BACKGROUND_BUDGET_MS + 1), { waiting: 0 }) };
  w.run();
  expect(w.did.some((d) => d.startsWith('b:'))).toBe(false);
  expect(w.ended).toEqual([BACKGROUND_BUDGET_MS + 1]);
});

it('schedules get no time once the day’s run time is down to the reserve, and that is said once a day', () => {
  const w = new World(['a']);
  w.leftTodayMs = TRIGGER_TIME_RESERVE_MS;
  let deadline = NaN;
  w.work.a = { schedules: (d) => ((deadline = d), { waiting: 2 }) };
  w.run();
  w.run();
  expect(deadline).toBe(w.t);
  expect(w.logs.filter((l) => l.action === 'schedules')).toHaveLength(1);
});

it('tidies the person’s triggers once a day, before anything else, even with nothing to do', () => {
  const w = new World([]);
  w.run();
  w.run();
  expect(w.did).toEqual(['tidy triggers']);
  expect(w.stopped).toBe(true);
});
