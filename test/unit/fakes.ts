// Small in-memory fakes of the injected interfaces: transport, cache, clock, and the platform's
// ports a workflow of src/addon runs on (a sheet, e-mail, the person's records).
import { memoryFile, memoryKit, type MemoryKit, type MemoryKitOptions } from '../../dev/memoryKit';
import { HISTORY_COLUMNS, HISTORY_SHEET } from '../../src/domain/table';
import type { Clock } from '../../src/api/batch';
import type { HttpRequest, HttpResponse, Transport } from '../../src/api/http';
import type { KeyValueCache } from '../../src/domain/cache';
import { idKey, type Presser, type RowState } from '../../src/domain/previewJobs';
import type { Columns } from '../../src/domain/columns';
import type { Extent } from '../../src/domain/visFunctions';
import type { RowLedger } from '../../src/domain/leadRowLedger';
import {
  dayNumber,
  ledgerView,
  type LedgerView,
  type MailedEntry,
} from '../../src/domain/leadLedger';
import type { RowPatch } from '../../src/domain/previewColumns';
import { DEFAULT_TEMPLATES } from '../../src/contract/leads';
import type { LeadWatch } from '../../src/domain/leads';
import type { ReportPoint } from '../../src/domain/report';
import type { Permission } from '../../src/domain/permissions';
import type { MailOutcome } from '../../src/kit/ports';
import type { SheetPort } from '../../src/gas/ports';
import type { CellsPort, FrozenRecords } from '../../src/addon/freeze';
import type { AdmittedPort, RowLedgerPort, LeadRunPorts } from '../../src/addon/leadRun';
import type { DeckRun } from '../../src/addon/reports';
import type { GenerateRun } from '../../src/addon/previewGeneration';
import type { LeadWatchPorts } from '../../src/addon/leads';
import type { ScoreRun } from '../../src/addon/scores';
import type { ScheduleRun } from '../../src/addon/scheduleRuns';
import { scheduleStore, type MyRun } from '../../src/kit/schedules';
import type { SharedWatch } from '../../src/gas/leadStore';
import type { LeadTotals } from '../../src/domain/leads';

export class FakeClock implements Clock {
  t = 1_000_000;
  slept: number[] = [];
  now(): number {
    return this.t;
  }
  sleep(ms: number): void {
    this.slept.push(ms);
    this.t += ms;
  }
}

/** Answers each request with `answer(request, attempt)`; records every batch. */
export class FakeTransport implements Transport {
  batches: HttpRequest[][] = [];
  private attempts = new Map<string, number>();
  constructor(
    private answer: (request: HttpRequest, attempt: number) => HttpResponse,
    private clock?: FakeClock,
    private latencyMs = 0,
  ) {}
  fetchAll(requests: HttpRequest[]): HttpResponse[] {
    this.batches.push(requests);
    if (this.clock) this.clock.t += this.latencyMs;
    return requests.map((r) => {
      const n = (this.attempts.get(r.url) ?? 0) + 1;
      this.attempts.set(r.url, n);
      return this.answer(r, n);
    });
  }
  get sent(): number {
    return this.batches.reduce((n, b) => n + b.length, 0);
  }
}

export class FakeCache implements KeyValueCache {
  data = new Map<string, string>();
  calls = 0;
  getAll(keys: string[]): Record<string, string> {
    this.calls++;
    const out: Record<string, string> = {};
    for (const k of keys) if (this.data.has(k)) out[k] = this.data.get(k)!;
    return out;
  }
  putAll(values: Record<string, string>): void {
    this.calls++;
    for (const [k, v] of Object.entries(values)) this.data.set(k, v);
  }
  get(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  put(key: string, value: string): void {
    this.data.set(key, value);
  }
}

export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponse => ({
  status,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

export function brand(slug: string, score: number) {
  return {
    brandName: slug.toUpperCase(),
    slug,
    overallScore: score,
    platformScores: { chatgpt: score, gemini: { queried: false, score: null } },
  };
}

/** A selected row as Generate reads it: blank preview columns unless given. */
export const rowState = (n: number, website: unknown, extra: Partial<RowState> = {}): RowState => ({
  row: n,
  website,
  uuid: '',
  status: '',
  reportUrl: '',
  requested: '',
  requestedBy: '',
  ...extra,
});

/** Who presses Generate, with the previews their own record says their key made. */
export const presserOf = (me: string, ...made: string[]): Presser => ({
  me,
  made: new Set(made.map(idKey)),
});

/** A sheet in memory, the header row first. */
export class FakeSheet implements SheetPort {
  constructor(public rows: unknown[][]) {}
  grid(): unknown[][] {
    return this.rows.map((r) => [...r]);
  }
  write<K extends string>(table: Columns<K>, patches: Map<number, Partial<Record<K, unknown>>>) {
    const header = this.rows[0]!;
    for (const [row, patch] of patches)
      for (const [key, value] of Object.entries(patch) as Array<[K, unknown]>) {
        let col = header.indexOf(table[key].header);
        if (col < 0) col = header.push(table[key].header) - 1;
        const line = (this.rows[row - 1] ??= []);
        while (line.length <= col) line.push('');
        line[col] = value;
      }
  }
  column(header: string): unknown[] {
    const col = this.rows[0]!.indexOf(header);
    return this.rows.slice(1).map((r) => (col < 0 ? '' : (r[col] ?? '')));
  }
}

/** A person's records of the rows their watches handled, in memory, by watch. */
export const fakeRowLedgers = (): RowLedgerPort & { kept: Map<string, RowLedger> } => {
  const kept = new Map<string, RowLedger>();
  return {
    kept,
    read: (id) => kept.get(id) ?? null,
    save: (id, l) => void (l ? kept.set(id, l) : kept.delete(id)),
  };
};

/** The owner's record of a form sheet's admitted rows, in memory, by watch. */
export const fakeAdmitted = (): AdmittedPort & { kept: Map<string, Set<string>> } => {
  const kept = new Map<string, Set<string>>();
  return {
    kept,
    read: (id) => new Set(kept.get(id) ?? []),
    change: (id, add, keep = () => true) =>
      void kept.set(id, new Set([...(kept.get(id) ?? []), ...add].filter(keep))),
  };
};

/** A lead run's ports in memory: what was sent, recorded and asked for is kept to look at. */
export function fakeLeadPorts(sheet: FakeSheet, over: Partial<LeadRunPorts> = {}) {
  const sent: Array<{ to: string; subject: string; body: string }> = [];
  const mailed = new Set<string>();
  const ledger: MailedEntry[] = [];
  const previewed: number[][] = [];
  let left = 100;
  const today = dayNumber(Date.UTC(2026, 10, 26, 9));
  const ports: LeadRunPorts = {
    sheet,
    mail: {
      left: () => left,
      send: (to, subject, body): MailOutcome => {
        if (left <= 0) return 'no quota left';
        left--;
        sent.push({ to, subject, body });
        return 'sent';
      },
    },
    rows: fakeRowLedgers(),
    form: false,
    admitted: fakeAdmitted(),
    mailed: {
      read: () => ledgerView(ledger, today, 1000),
      record: ({ key, toKey }) => {
        mailed.add(key);
        ledger.push({ key, to: toKey, day: today });
      },
      lock: () => ({ release: () => {} }),
    },
    lock: () => ({ release: () => {} }),
    previews: (rows) => {
      previewed.push([...rows]);
      const status =
        (sheet.rows[0]!.indexOf('Preview status') + 1 || sheet.rows[0]!.push('Preview status')) - 1;
      const link =
        (sheet.rows[0]!.indexOf('Report URL') + 1 || sheet.rows[0]!.push('Report URL')) - 1;
      const uuid =
        (sheet.rows[0]!.indexOf('Preview UUID') + 1 || sheet.rows[0]!.push('Preview UUID')) - 1;
      const links = new Map<string, string>();
      for (const r of rows) {
        const line = sheet.rows[r - 1]!;
        while (line.length <= Math.max(status, link, uuid)) line.push('');
        line[status] = 'pending';
        line[link] = `https://reports.example/r/${r}`;
        line[uuid] = `uuid-${r}`;
        links.set(`uuid-${r}`, `https://reports.example/r/${r}`);
      }
      return { refusal: null, links, requests: rows.length };
    },
    service: { hasKey: true, baseUrl: 'https://app.example' },
    granted: (_p: Permission) => true,
    now: () => Date.UTC(2026, 10, 26, 9),
    ...over,
  };
  return { ports, sent, mailed, ledger, previewed, setLeft: (n: number) => (left = n) };
}

/** The view of an empty ledger of lead e-mails, with room for `room` more. */
export const emptyLedger = (room = Number.MAX_SAFE_INTEGER): LedgerView => ({
  sent: new Set(),
  thisWeek: new Map(),
  room,
});

/** One person's frozen notes, word for word, as their user properties keep them. */
export class FakeFrozen implements FrozenRecords {
  notes = new Set<string>();
  keep(note: string) {
    this.notes.add(note);
    return true;
  }
  mine(note: string) {
    return this.notes.has(note);
  }
  forget(note: string) {
    this.notes.delete(note);
  }
}

/** A sheet's cells in memory (values, formulas, notes), 1,000 rows by 26 columns. */
export class FakeCells implements CellsPort {
  values_ = new Map<string, unknown>();
  formulas_ = new Map<string, string>();
  notes_ = new Map<string, string>();
  writes = 0;
  private key = (r: number, c: number) => `${r},${c}`;
  private block<T>(e: Extent, at: (r: number, c: number) => T): T[][] {
    return Array.from({ length: e.rows }, (_, i) =>
      Array.from({ length: e.cols }, (_, j) => at(e.row + i, e.col + j)),
    );
  }
  set(row: number, col: number, value: unknown, formula = '') {
    this.values_.set(this.key(row, col), value);
    if (formula) this.formulas_.set(this.key(row, col), formula);
    else this.formulas_.delete(this.key(row, col));
  }
  size() {
    const filled = [...this.values_]
      .filter(([, v]) => v !== '')
      .map(([k]) => k.split(',').map(Number));
    return {
      maxRows: 1000,
      maxCols: 26,
      lastRow: Math.max(0, ...filled.map(([r]) => r!)),
      lastCol: Math.max(0, ...filled.map(([, c]) => c!)),
    };
  }
  formulas(e: Extent) {
    return this.block(e, (r, c) => this.formulas_.get(this.key(r, c)) ?? '');
  }
  notes(e: Extent) {
    return this.block(e, (r, c) => this.notes_.get(this.key(r, c)) ?? '');
  }
  values(e: Extent) {
    return this.block(e, (r, c) => this.values_.get(this.key(r, c)) ?? '');
  }
  write(e: Extent, values: unknown[][]) {
    this.writes++;
    values.forEach((line, i) =>
      line.forEach((v, j) => {
        const text = typeof v === 'string' && v.startsWith('=') ? v : '';
        this.set(e.row + i, e.col + j, text ? '' : v, text);
      }),
    );
  }
  note(row: number, col: number, text: string) {
    if (text) this.notes_.set(this.key(row, col), text);
    else this.notes_.delete(this.key(row, col));
  }
}

/**
 * Scoring's ports on the kit in memory: a list named Prospects with `rows`, the service's lookups
 * as `answer`. `file`: the spreadsheet another run worked on (its cache of public answers too).
 */
export function fakeScorePorts(
  rows: unknown[][],
  answer: ConstructorParameters<typeof FakeTransport>[0],
  options: MemoryKitOptions = {},
  file = memoryFile('scored'),
) {
  const transport = new FakeTransport(answer);
  if (!file.sheets.has(LIST))
    file.sheets.set(
      LIST,
      rows.map((r) => [...r]),
    );
  const kit = memoryKit({ transport, baseUrl: 'https://svc.example', file, ...options });
  const grid = () => kit.tables.grid(LIST)!.values;
  const website = rows[0]!.indexOf('Website') + 1;
  const ports: ScoreRun = {
    kit,
    block: {
      sheetId: kit.tables.grid(LIST)!.sheetId,
      name: LIST,
      first: 2,
      last: rows.length,
      column: website,
      a1: `B2:B${rows.length}`,
    },
    unattended: false,
  };
  /** A column of the list below its header, by the header's text. */
  const column = (header: string) => {
    const at = grid()[0]!.indexOf(header);
    return grid()
      .slice(1)
      .map((r) => (at < 0 ? undefined : (r[at] ?? '')));
  };
  const history = () => kit.tables.read(HISTORY_SHEET, HISTORY_COLUMNS)?.rows ?? [];
  return { ports, transport, kit, file, column, header: () => grid()[0], history };
}

const LIST = 'Prospects';

/** Generate's sending ports in memory: the service as `answer`, each write of rows kept. */
export function fakeGeneratePorts(answer: ConstructorParameters<typeof FakeTransport>[0]) {
  const transport = new FakeTransport(answer);
  const file = memoryFile('generated');
  const kit = memoryKit({
    transport,
    baseUrl: 'https://svc.example',
    apiKey: 'secret-key',
    email: 'ann@example.com',
    file,
  });
  file.sheets.set('Prospects', [['Website']]);
  // Each write of rows the run makes, as it makes it (the sheet keeps only the last of a cell).
  const written: Array<Map<number, RowPatch>> = [];
  const write = kit.tables.write;
  kit.tables.write = (at, columns, patches) => {
    written.push(new Map(patches) as Map<number, RowPatch>);
    return write(at, columns, patches);
  };
  const ports: GenerateRun = {
    kit,
    presser: presserOf('ann@example.com'),
    list: kit.tables.grid('Prospects')!,
    claim: kit.locks.claim('run-1', kit.account.now())!,
  };
  /** The keys of the previews the person's record holds as theirs, pending. */
  const mine = () => (kit.properties.get(`vis.mine.${file.id}`) ?? '').split(' ').filter(Boolean);
  return { ports, transport, written, mine, kit, file };
}

/** A watch of a form's responses, with its e-mail and consent columns. */
export const LEAD_WATCH: LeadWatch = {
  id: 'w1',
  sheetId: 1,
  sheetName: 'Form Responses 1',
  website: 'Website',
  email: 'Email',
  consent: 'Consent',
  mode: 'preview',
  mail: DEFAULT_TEMPLATES.preview,
  owner: 'ann@example.com',
  created: 0,
};

/**
 * A deck's ports on the kit in memory: `Score history` holding the readings by site (recorded by
 * the person, so sealed as theirs), the decks drawn kept.
 */
export function fakeDeckPorts(
  history: Record<string, ReportPoint[]>,
  options: MemoryKitOptions = {},
) {
  const kit = memoryKit({ now: Date.UTC(2026, 10, 26, 10), email: 'ann@example.com', ...options });
  kit.history.append(
    Object.entries(history).flatMap(([site, points]) =>
      points.map((p) => ({
        source: 'score',
        website: site,
        slug: site,
        brand: site.toUpperCase(),
        score: p.score,
        ...p.engines,
        checked: new Date(p.at),
        lastScanned: new Date(p.at),
      })),
    ),
  );
  const ports: DeckRun = { kit, whose: 'mine' };
  return { ports, drawn: kit.drawn, kit };
}

/**
 * One document's schedules on the memory kit, shared by the people who open it: each call of
 * `kit` or `run` is one execution of a person, their properties and e-mails kept between them.
 */
export class FakeScheduleDoc {
  file = memoryFile('doc-1');
  /** Six in the morning of a Thursday, in a document on UTC. */
  t = Date.UTC(2026, 10, 26, 6);
  private people = new Map<string, NonNullable<MemoryKitOptions['person']>>();

  constructor() {
    this.file.sheets.set('Prospects', [['Website']]);
    this.file.sheets.set('Visibility log', [['Time']]);
  }

  /** An execution of `me`'s. */
  kit(me: string, options: MemoryKitOptions = {}): MemoryKit {
    let person = this.people.get(me);
    if (!person) this.people.set(me, (person = { properties: new Map(), mailed: [] }));
    return memoryKit({ file: this.file, email: me, now: this.t, person, ...options });
  }

  /** An hourly run of `me`'s due schedules, each action done as `over` says (else scored). */
  run(me: string, over: Partial<ScheduleRun> = {}, options: MemoryKitOptions = {}): ScheduleRun {
    return {
      kit: this.kit(me, options),
      attempt: () => ({
        kind: 'done',
        result: 'Scored 2 rows.',
        news: [],
        counts: { rows: 2, requests: 2, changed: 0, errors: 0 },
      }),
      leadsLine: () => null,
      ...over,
    };
  }

  store(me: string) {
    return scheduleStore(this.kit(me).records);
  }

  runs(me: string): Map<string, MyRun> {
    return new Map(Object.entries(this.store(me).mine()));
  }

  mailed(me: string) {
    return this.kit(me).mailed;
  }

  /** The `Visibility log`, oldest first. */
  get log() {
    return this.kit('log@example.com').log.recent(1_000).reverse();
  }
}

/**
 * One document's lead watches in memory, shared by the people who open it: its sheets (by id),
 * the file's view of each watch; each person has their own definitions, trigger and digests.
 */
export class FakeLeadDoc {
  sheets = new Map<number, { name: string; sheet: FakeSheet }>();
  shared = new Map<string, SharedWatch>();
  ran: Array<{ by: string; watch: string }> = [];
  t = Date.UTC(2026, 10, 26, 10);
  hasKey = true;
  granted = true;
  private people = new Map<string, FakeLeadPerson>();
  private ids = 0;

  constructor(sheets: Record<string, unknown[][]>) {
    Object.entries(sheets).forEach(([name, rows], i) =>
      this.sheets.set(i + 1, { name, sheet: new FakeSheet(rows) }),
    );
  }

  person(me: string): FakeLeadPerson {
    const known = this.people.get(me);
    if (known) return known;
    const made: FakeLeadPerson = {
      watches: new Map(),
      trigger: false,
      digested: new Map(),
      rows: fakeRowLedgers(),
      admitted: fakeAdmitted(),
    };
    this.people.set(me, made);
    return made;
  }

  ports(me: string, over: Partial<LeadWatchPorts> = {}): LeadWatchPorts {
    const who = this.person(me);
    return {
      mine: () => [...who.watches.values()],
      saveMine: (id, w) => void (w ? who.watches.set(id, w) : who.watches.delete(id)),
      shared: () => [...this.shared.values()],
      saveShared: (id, w) => void (w ? this.shared.set(id, w) : this.shared.delete(id)),
      rows: who.rows,
      admitted: who.admitted,
      digested: {
        read: (id) => who.digested.get(id) ?? { leads: 0, reports: 0, emails: 0 },
        save: (id, t) => void who.digested.set(id, t),
      },
      sheets: () =>
        [...this.sheets].map(([id, { name, sheet }]) => ({
          id,
          name,
          headers: () => sheet.rows[0] ?? [],
          // The watched sheets here are a form's responses.
          form: true,
        })),
      sheet: (id) => this.sheets.get(id)?.sheet ?? null,
      lock: () => ({ release: () => {} }),
      run: (watch) => void this.ran.push({ by: me, watch: watch.id }),
      trigger: {
        ensure: () => (this.granted ? ((who.trigger = true), 'on' as const) : 'permission'),
        remove: () => void (who.trigger = false),
      },
      watching: () => undefined,
      hasKey: this.hasKey,
      missing: () => (this.granted ? [] : ['Background runs are not allowed']),
      me,
      newId: () => `w${++this.ids}`,
      now: () => this.t,
      ...over,
    };
  }
}

export interface FakeLeadPerson {
  watches: Map<string, LeadWatch>;
  trigger: boolean;
  digested: Map<string, LeadTotals>;
  rows: ReturnType<typeof fakeRowLedgers>;
  admitted: ReturnType<typeof fakeAdmitted>;
}
