// Small in-memory fakes of the injected interfaces: transport, cache, clock, and the platform's
// ports a workflow of src/addon runs on (a sheet, e-mail, the person's records).
import {
  memoryFile,
  memoryKit,
  type MemoryFile,
  type MemoryKit,
  type MemoryKitOptions,
} from '../../dev/memoryKit';
import { HISTORY_COLUMNS, HISTORY_SHEET } from '../../src/domain/table';
import type { Clock } from '../../src/api/batch';
import type { HttpRequest, HttpResponse, Transport } from '../../src/api/http';
import type { KeyValueCache } from '../../src/domain/cache';
import { idKey, type Presser, type RowState } from '../../src/domain/previewJobs';
import type { LedgerView } from '../../src/domain/leadLedger';
import type { RowPatch } from '../../src/domain/previewColumns';
import { DEFAULT_TEMPLATES } from '../../src/contract/leads';
import type { LeadWatch } from '../../src/domain/leads';
import type { ReportPoint } from '../../src/domain/report';
import type { LeadRun } from '../../src/addon/leadRun';
import type { DeckRun } from '../../src/addon/reports';
import type { GenerateRun } from '../../src/addon/previewGeneration';
import type { LeadsHere } from '../../src/addon/leads';
import type { ScoreRun } from '../../src/addon/scores';
import type { ScheduleRun } from '../../src/addon/scheduleRuns';
import { scheduleStore, type MyRun } from '../../src/kit/schedules';
import { leadStore, mailLedger } from '../../src/kit/leads';

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

/**
 * A sheet of a memory file as a test reads and changes it: its live grid, the header row first,
 * each cell as Sheets shows it in `column`.
 */
export class FileSheet {
  constructor(
    readonly file: MemoryFile,
    readonly name: string,
  ) {}
  get rows(): unknown[][] {
    return this.file.sheets.get(this.name)!;
  }
  /** Replaced in place: the sheet keeps its id, as a sort or a paste leaves it. */
  set rows(rows: unknown[][]) {
    this.rows.splice(0, Infinity, ...rows);
  }
  column(header: string): unknown[] {
    const col = this.rows[0]!.indexOf(header);
    return this.rows
      .slice(1)
      .map((r) => (col < 0 ? '' : (r[col] ?? '')))
      .map((v) => (typeof v === 'string' && v.startsWith("'") ? v.slice(1) : v));
  }
}

/** The sheet a lead run watches in these fakes: a form's responses. */
const LEADS_SHEET = 'Form Responses 1';

/**
 * A lead run on the memory kit over a sheet of `rows`: the owner's key and e-mail, each preview
 * asked for made at once with its report link (kept in `previewed`).
 */
export function fakeLeadPorts(
  rows: unknown[][],
  over: Partial<LeadRun> = {},
  options: MemoryKitOptions = {},
) {
  const file = memoryFile();
  file.sheets.set(LEADS_SHEET, rows);
  const kit = memoryKit({
    file,
    now: Date.UTC(2026, 10, 26, 9),
    email: 'ann@example.com',
    apiKey: 'vis_live_lead_key',
    baseUrl: 'https://app.example',
    ...options,
  });
  const sheet = new FileSheet(file, LEADS_SHEET);
  const previewed: number[][] = [];
  const ports: LeadRun = {
    kit,
    list: { sheetId: kit.tables.sheetId(LEADS_SHEET)!, name: LEADS_SHEET },
    form: false,
    previews: (asked) => {
      previewed.push([...asked]);
      const head = sheet.rows[0]!;
      const col = (h: string) => (head.indexOf(h) + 1 || head.push(h)) - 1;
      const [status, link, uuid] = [col('Preview status'), col('Report URL'), col('Preview UUID')];
      const links = new Map<string, string>();
      for (const r of asked) {
        const line = sheet.rows[r - 1]!;
        while (line.length <= Math.max(status, link, uuid)) line.push('');
        line[status] = 'pending';
        line[link] = `https://reports.example/r/${r}`;
        line[uuid] = `uuid-${r}`;
        links.set(`uuid-${r}`, `https://reports.example/r/${r}`);
      }
      return { refusal: null, links, requests: asked.length };
    },
    ...over,
  };
  return {
    ports,
    kit,
    sheet,
    previewed,
    /** The lead e-mails sent, each to its one lead. */
    sent: kit.mailed,
    /** The owner's records of the watch's rows and admitted rows in this file. */
    store: () => leadStore(kit, kit.tables.fileId()),
    /** The e-mails the owner's ledger holds, by their keys. */
    mailed: () => mailLedger(kit).read(kit.account.now()).sent,
  };
}

/** The view of an empty ledger of lead e-mails, with room for `room` more. */
export const emptyLedger = (room = Number.MAX_SAFE_INTEGER): LedgerView => ({
  sent: new Set(),
  thisWeek: new Map(),
  room,
});

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
 * One document's sheets and lead watches on the memory kit, shared by the people who open it:
 * each `ports` call is one execution of a person's, their properties kept between them; a watch's
 * run is only noted (`ran`).
 */
export class FakeLeadDoc {
  file = memoryFile('doc-1');
  ran: Array<{ by: string; watch: string }> = [];
  t = Date.UTC(2026, 10, 26, 10);
  hasKey = true;
  granted = true;
  private people = new Map<string, NonNullable<MemoryKitOptions['person']>>();

  /** Every sheet but the add-on's own is a form's responses sheet. */
  constructor(sheets: Record<string, unknown[][]>) {
    for (const [name, rows] of Object.entries(sheets)) {
      this.file.sheets.set(name, rows);
      if (name !== 'Visibility log') this.file.forms.add(name);
    }
  }

  kit(me: string): MemoryKit {
    let person = this.people.get(me);
    if (!person) this.people.set(me, (person = { properties: new Map(), mailed: [] }));
    if (!this.hasKey) person.properties.delete('vis.apiKey');
    return memoryKit({
      file: this.file,
      email: me,
      now: this.t,
      person,
      ...(this.hasKey ? { apiKey: `vis_live_${me}` } : {}),
      ...(this.granted ? {} : { missing: ['background'] }),
    });
  }

  ports(me: string): LeadsHere {
    return { kit: this.kit(me), run: (w) => void this.ran.push({ by: me, watch: w.id }) };
  }

  store(me: string) {
    const kit = this.kit(me);
    return leadStore(kit, kit.tables.fileId());
  }

  sheet(name: string): FileSheet {
    return new FileSheet(this.file, name);
  }
}
