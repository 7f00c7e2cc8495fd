// The platform kit's one contract (src/kit/ports.ts): what every implementation does, run against
// the one in memory (test/unit/kit.test.ts) and the Apps Script one on dev/gas-runtime
// (test/integration/kit.test.ts), so the fake a workflow's tests use cannot drift from Google.
import * as z from 'zod/mini';
import { parsers, requests } from '../../src/api/client';
import { resolveAll } from '../../src/domain/resolver';
import { scoreSpec } from '../../src/domain/scoreLookup';
import type { Columns } from '../../src/domain/columns';
import { HISTORY_COLUMNS, HISTORY_SHEET } from '../../src/domain/table';
import { entry, recordKind, SheetGone, type Kit } from '../../src/kit/ports';
import type { Whose } from '../../src/domain/historyRead';
import { BRANDING } from '../../src/kit/branding';
import { LOG_SHEET } from '../../src/domain/outputSheets';
import { DEFAULT_BRANDING } from '../../src/domain/branding';
import { WEBHOOK_PREFIXES } from '../../src/config';
import { readSettings, saveWebhook, writeSettings } from '../../src/kit/settings';
import { scheduleStore } from '../../src/kit/schedules';
import { leadStore, mailLedger } from '../../src/kit/leads';
import { firstTimeToday } from '../../src/kit/once';
import { frozenRecords } from '../../src/kit/frozen';
import { mailKey } from '../../src/domain/leads';
import { utf8Bytes } from '../../src/domain/bytes';

/** What a contract run needs of an implementation: executions, and the world around them. */
export interface KitHarness {
  /** One execution of the person (another person where named): a fresh kit, as Apps Script gives. */
  exec<T>(work: (kit: Kit) => T, person?: 'ana' | 'ben'): T;
  advance(ms: number): void;
  /** The cache forgets everything, as Google may at any time (K1). */
  evictCache(): void;
  /** A value the person's store holds that no run of the kit wrote (a hand edit, an old version). */
  plant(key: string, value: string): void;
  /** Another execution of the person holds their lock until told otherwise. */
  holdLockElsewhere(held: boolean): void;
  /** Lines the executions logged. */
  logged(): string[];
  /** The service answers, with the key the person saved: a brand in the index, one not. */
  brands: { known: string; unknown: string };
  /** A sheet of the file as a person typed it. */
  plantSheet(name: string, rows: unknown[][]): void;
  /** A sheet as Sheets shows it: each cell's value, or `{ formula }` for a formula. */
  sheet(name: string): unknown[][];
  /** Another execution holds the document's lock until told otherwise. */
  holdDocumentLockElsewhere(held: boolean): void;
  /** The work the person's hourly run goes on with in the file, by kind. */
  workKept(): string[];
  /** A person renames a sheet, or deletes it, in the sheet's tab. */
  renameSheet(from: string, to: string): void;
  deleteSheet(name: string): void;
  /** The headers of a sheet's columns under the 0-100 colour scale. */
  colourScaled(name: string): string[];
  /** The notes on a sheet's header cells. */
  headerNotes(name: string): string[];
  /** The sheet the person has open. */
  shownSheet(): string;
  /** The person selects a column's block of a sheet. */
  select(name: string, a1: string): void;
  /** The titles of a sheet's charts. */
  charts(name: string): string[];
  /** A value the document's properties hold that no run of the kit wrote (an old version's). */
  plantDocument(key: string, value: string): void;
  /** The e-mails sent from the person's account: each message's recipients and subject. */
  mailed(): Array<{ to: string[]; subject: string }>;
  /** A form fills the sheet (Forms links it as its first response arrives). */
  linkForm(name: string): void;
  /** The form-submit triggers on the file, by whose they are. */
  formTriggers(): string[];
}

/** A list's columns as a workflow declares them. */
const LIST = {
  site: { header: 'Website' },
  note: { header: 'Note' },
} satisfies Columns<'site' | 'note'>;
/** A table of the add-on's own, kept on a sheet of its own. */
const OWN = { site: { header: 'Website' }, n: { header: 'Count' } } satisfies Columns<'site' | 'n'>;

/** Rows trimmed of the blank cells a grid keeps past the last value. */
const trimmed = (rows: unknown[][]) =>
  rows
    .map((r) => {
      const line = [...r];
      while (line.length && line[line.length - 1] === '') line.pop();
      return line;
    })
    .filter((r, i, all) => r.length || all.slice(i).some((x) => x.length));

const note = recordKind('contract.note', () => z.object({ text: z.string(), n: z.number() }), {
  text: '',
  n: 0,
});

export function kitContract(name: string, setUp: () => KitHarness | Promise<KitHarness>): void {
  describe(`the platform kit: ${name}`, () => {
    let h: KitHarness;
    beforeEach(async () => {
      h = await setUp();
    });

    describe('records of the person', () => {
      it('reads what none was kept of as the kind says, and what was put in the next execution', () => {
        expect(h.exec((k) => k.records.mine.get(note))).toEqual({ text: '', n: 0 });
        h.exec((k) => k.records.mine.put(note, { text: 'kept', n: 2 }));
        expect(h.exec((k) => k.records.mine.get(note))).toEqual({ text: 'kept', n: 2 });
        h.exec((k) => k.records.mine.drop(note));
        expect(h.exec((k) => k.records.mine.get(note))).toEqual({ text: '', n: 0 });
      });

      it('keeps one record per id, and each person their own', () => {
        h.exec((k) => k.records.mine.put(note, { text: 'a', n: 1 }, 'one'));
        h.exec((k) => k.records.mine.put(note, { text: 'b', n: 2 }, 'two'));
        expect(h.exec((k) => k.records.mine.get(note, 'one')).text).toBe('a');
        expect(h.exec((k) => k.records.mine.get(note, 'two')).text).toBe('b');
        expect(h.exec((k) => k.records.mine.get(note, 'one'), 'ben').text).toBe('');
      });

      it('reads the branding Settings saved, and the defaults for a value Settings would refuse', () => {
        expect(h.exec((k) => k.records.mine.get(BRANDING))).toEqual(DEFAULT_BRANDING);
        const saved = { agency: 'Acme', accent: '#123456', logoUrl: '', credit: false };
        h.plant('vis.branding', JSON.stringify(saved));
        expect(h.exec((k) => k.records.mine.get(BRANDING))).toEqual(saved);
        h.plant('vis.branding', JSON.stringify({ ...saved, accent: 'red; x' }));
        expect(h.exec((k) => k.records.mine.get(BRANDING)).accent).toBe(DEFAULT_BRANDING.accent);
      });

      it('reads the settings an earlier release kept, and forgets what was learnt of a key when it changes', () => {
        const file = h.exec((k) => k.tables.fileId());
        h.plant('vis.apiKey', 'vis_live_kept');
        h.plant('vis.keyTested', 'true');
        h.plant('vis.plan', 'paid');
        h.plant(`vis.allowFormulas.${file}`, 'true');
        expect(h.exec((k) => readSettings(k.records.mine, file))).toMatchObject({
          apiKey: 'vis_live_kept',
          keyTested: true,
          plan: 'paid',
          allowFormulasToUseKey: true,
        });
        expect(h.exec((k) => k.service.config().apiKey)).toBe('vis_live_kept');
        h.exec((k) => writeSettings(k.records.mine, file, { apiKey: ' vis_live_new ' }));
        expect(h.exec((k) => readSettings(k.records.mine, file))).toMatchObject({
          apiKey: 'vis_live_new',
          keyTested: false,
          plan: null,
          allowFormulasToUseKey: true,
        });
        h.exec((k) => writeSettings(k.records.mine, null, { allowFormulasToUseKey: false }));
        expect(h.exec((k) => readSettings(k.records.mine, file).allowFormulasToUseKey)).toBe(true);
        h.exec((k) => writeSettings(k.records.mine, file, { allowFormulasToUseKey: false }));
        expect(h.exec((k) => readSettings(k.records.mine, file).allowFormulasToUseKey)).toBe(false);
      });

      it('counts what the store holds in bytes, keys included, as Google counts it', () => {
        const before = h.exec((k) => k.records.mine.bytes());
        const value = { text: 'é', n: 1 };
        h.exec((k) => k.records.mine.put(note, value));
        expect(h.exec((k) => k.records.mine.bytes()) - before).toBe(
          utf8Bytes('vis.contract.note') + utf8Bytes(JSON.stringify(value)),
        );
      });

      it('reads a hand-edited or foreign value as none, never as a half-parsed record', () => {
        h.plant('vis.contract.note', '{"text": 5}');
        expect(h.exec((k) => k.records.mine.get(note))).toEqual({ text: '', n: 0 });
        h.plant('vis.contract.note', 'not json');
        expect(h.exec((k) => k.records.mine.get(note))).toEqual({ text: '', n: 0 });
      });

      it('lists the records of a kind by the start of their ids, and only those', () => {
        h.exec((k) =>
          k.records.mine.putAll([
            entry(note, { text: 'a', n: 1 }, 'doc1.100.0'),
            entry(note, { text: 'b', n: 2 }, 'doc1.100.1'),
            entry(note, { text: 'c', n: 3 }, 'doc2.100.0'),
          ]),
        );
        h.plant('vis.contract.note.doc1.200.0', 'not json');
        const listed = h.exec((k) => k.records.mine.list(note, 'doc1.'));
        expect([...listed].sort()).toEqual([
          ['doc1.100.0', { text: 'a', n: 1 }],
          ['doc1.100.1', { text: 'b', n: 2 }],
        ]);
        expect(h.exec((k) => k.records.mine.list(note, 'doc1.'), 'ben').size).toBe(0);
      });

      it("refuses a value past a property's 9 KB, counted in UTF-8 with its key, and keeps the old", () => {
        h.exec((k) => k.records.mine.put(note, { text: 'old', n: 1 }));
        // 4,600 accented characters are 9,200 bytes: under 9,216 in characters, past it in bytes.
        const big = { text: 'é'.repeat(4_600), n: 2 };
        expect(() => h.exec((k) => k.records.mine.put(note, big))).toThrow(
          expect.objectContaining({ name: 'RecordTooLarge' }),
        );
        expect(h.exec((k) => k.records.mine.get(note)).text).toBe('old');
        const fits = { text: 'é'.repeat(4_550), n: 3 };
        h.exec((k) => k.records.mine.put(note, fits));
        expect(h.exec((k) => k.records.mine.get(note)).n).toBe(3);
      });
    });

    describe('records over several values, and written together', () => {
      // A list kept as an earlier release kept it: ids joined by spaces, 3 a value.
      const ids = recordKind('contract.ids', () => z.array(z.string()), [], {
        write: (v) =>
          Array.from({ length: Math.ceil(v.length / 3) }, (_, i) =>
            v.slice(3 * i, 3 * i + 3).join(' '),
          ),
        read: (texts) => texts.flatMap((t) => t.split(' ').filter(Boolean)),
      });
      const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

      it('keeps a list over as many values as it needs, reads the format already kept, and lets the values past a shorter one go', () => {
        h.exec((k) => k.records.mine.put(ids, seven, 'doc'));
        expect(h.exec((k) => k.records.mine.get(ids, 'doc'))).toEqual(seven);
        h.exec((k) => k.records.mine.put(ids, ['z'], 'doc'));
        expect(h.exec((k) => k.records.mine.get(ids, 'doc'))).toEqual(['z']);
        // The values an earlier, longer list took are gone, not read as part of the next one.
        h.exec((k) => k.records.mine.put(ids, ['y', 'x', 'w', 'v'], 'doc'));
        expect(h.exec((k) => k.records.mine.get(ids, 'doc'))).toEqual(['y', 'x', 'w', 'v']);
        h.exec((k) => k.records.mine.put(ids, [], 'doc'));
        expect(h.exec((k) => k.records.mine.get(ids, 'doc'))).toEqual([]);
        h.plant('vis.contract.ids.old', 'p q r');
        h.plant('vis.contract.ids.old.1', 's');
        expect(h.exec((k) => k.records.mine.get(ids, 'old'))).toEqual(['p', 'q', 'r', 's']);
        h.exec((k) => k.records.mine.drop(ids, 'old'));
        expect(h.exec((k) => k.records.mine.get(ids, 'old'))).toEqual([]);
      });

      it('writes several records at once, and none of them when one is too large', () => {
        h.exec((k) =>
          k.records.mine.putAll([entry(ids, seven, 'doc'), entry(note, { text: 'with', n: 1 })]),
        );
        expect(h.exec((k) => k.records.mine.get(ids, 'doc'))).toEqual(seven);
        expect(h.exec((k) => k.records.mine.get(note)).text).toBe('with');
        const big = { text: 'é'.repeat(4_600), n: 2 };
        expect(() =>
          h.exec((k) => k.records.mine.putAll([entry(ids, ['n'], 'doc'), entry(note, big)])),
        ).toThrow(expect.objectContaining({ name: 'RecordTooLarge' }));
        expect(h.exec((k) => k.records.mine.get(ids, 'doc'))).toEqual(seven);
      });
    });

    describe('shared records', () => {
      const heard = recordKind('contract.heard', () => z.number(), 0);

      it('lists every record of a kind by id, whoever wrote it, and only of that kind', () => {
        h.exec((k) => k.records.shared.put(heard, 5, 'ana@x.example'));
        h.exec((k) => k.records.shared.put(heard, 7, 'ben@x.example'), 'ben');
        h.exec((k) => k.records.shared.put(note, { text: 'other', n: 1 }, 'ana@x.example'));
        const listed = h.exec((k) => k.records.shared.list(heard, false));
        expect([...listed].sort()).toEqual([
          ['ana@x.example', 5],
          ['ben@x.example', 7],
        ]);
        expect(h.exec((k) => k.records.shared.list(heard, true), 'ben').get('ana@x.example')).toBe(
          5,
        );
      });
    });

    describe('cached records', () => {
      it('reads and writes many records at once, each with its own life', () => {
        const many = new Map(
          Array.from({ length: 1_500 }, (_, i) => [`id${i}`, { text: 't', n: i }]),
        );
        h.exec((k) => k.records.cached.putAll(note, many, 300));
        h.exec((k) =>
          k.records.cached.putAll(note, new Map([['late', { text: 'l', n: -1 }]]), 900),
        );
        // 1,501 records, past a cache's 1,000 items (K2): none lost while they live.
        const read = h.exec((k) =>
          k.records.cached.getAll(note, [...many.keys(), 'late', 'never']),
        );
        expect(read.size).toBe(1_501);
        expect(read.get('id1499')?.n).toBe(1_499);
        expect(read.has('never')).toBe(false);
        h.advance(301_000);
        expect([...h.exec((k) => k.records.cached.getAll(note, ['id0', 'late'])).keys()]).toEqual([
          'late',
        ]);
      });

      it('keeps a record for its seconds, then forgets it', () => {
        expect(h.exec((k) => k.records.cached.get(note, 'x'))).toBeNull();
        expect(h.exec((k) => k.records.cached.put(note, { text: 'c', n: 1 }, 'x', 300))).toBe(true);
        h.advance(299_000);
        expect(h.exec((k) => k.records.cached.get(note, 'x'))?.text).toBe('c');
        h.advance(2_000);
        expect(h.exec((k) => k.records.cached.get(note, 'x'))).toBeNull();
      });

      it("caps a record's life at the cache's 6 hours, and keeps none past 100 KB", () => {
        h.exec((k) => k.records.cached.put(note, { text: 'long', n: 1 }, 'y', 86_400));
        h.advance(6 * 3_600_000 + 1_000);
        expect(h.exec((k) => k.records.cached.get(note, 'y'))).toBeNull();
        const huge = { text: 'x'.repeat(101 * 1024), n: 1 };
        expect(h.exec((k) => k.records.cached.put(note, huge, 'z', 60))).toBe(false);
        expect(h.exec((k) => k.records.cached.get(note, 'z'))).toBeNull();
      });

      it('may lose anything at any time, and never serves one person what another cached', () => {
        h.exec((k) => k.records.cached.put(note, { text: 'mine', n: 1 }, 'w', 600));
        expect(h.exec((k) => k.records.cached.get(note, 'w'), 'ben')).toBeNull();
        h.evictCache();
        expect(h.exec((k) => k.records.cached.get(note, 'w'))).toBeNull();
      });
    });

    describe('the service', () => {
      const ask = (k: Kit, sites: string[], budgetMs = 20_000) =>
        k.service.ask(
          sites.map((s) => requests.score(k.service.config(), { by: 'url', value: s })),
          parsers.score,
          budgetMs,
        );

      it('answers each request with its own parsed result, in order', () => {
        const [known, unknown] = h.exec((k) => ask(k, [h.brands.known, h.brands.unknown]));
        expect(known).toMatchObject({ ok: true });
        expect(unknown).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      });

      it('sends with its whole outcome, each round trip seen as it comes, in the batches asked for', () => {
        const sites = [h.brands.known, h.brands.unknown, 'third-site.com'];
        const trips: number[][] = [];
        const outcome = h.exec((k) =>
          k.service.send(
            sites.map((s) => requests.score(k.service.config(), { by: 'url', value: s })),
            parsers.score,
            20_000,
            {
              firstBatch: 2,
              onRoundTrip: (indices) => {
                trips.push([...indices]);
                return true;
              },
            },
          ),
        );
        expect(outcome.requestsSent).toBe(3);
        expect(trips).toEqual([[0, 1], [2]]);
        expect(outcome.results[0]).toMatchObject({ ok: true });
        expect(outcome.results[1]).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      });

      it('answers a public lookup once, then from the cache every user of the document is served from', () => {
        // The service Ana set up (Ben set none): the same public answers, whoever asks.
        const spec = scoreSpec(
          h.exec((k) => k.service.config()),
          'url',
          '',
        );
        const lookUp = (k: Kit) =>
          resolveAll(
            [h.brands.known, h.brands.unknown],
            spec,
            k.service.lookups(k.account.now() + 30_000),
          );
        const first = h.exec(lookUp);
        expect(first.stats.requestsSent).toBe(2);
        expect(first.outcomes.get(h.brands.known)?.kind).toBe('value');
        expect(first.outcomes.get(h.brands.unknown)).toMatchObject({
          kind: 'error',
          error: { code: 'NOT_FOUND' },
        });
        const again = h.exec(lookUp, 'ben');
        expect(again.stats).toMatchObject({ requestsSent: 0, cacheHits: 2 });
        expect(again.outcomes.get(h.brands.known)).toEqual(first.outcomes.get(h.brands.known));
      });

      it('sends nothing once its budget is spent', () => {
        expect(h.exec((k) => ask(k, [h.brands.known], -1))).toEqual([undefined]);
      });

      it("carries the person's saved key in the request, and nowhere in what it answers", () => {
        const config = h.exec((k) => k.service.config());
        expect(config.apiKey).toBeTruthy();
        const [answer] = h.exec((k) => ask(k, [h.brands.unknown]));
        expect(JSON.stringify(answer)).not.toContain(config.apiKey);
      });
    });

    describe('outbox', () => {
      it('posts to a webhook, and no team alert to one the platform refused, once said', () => {
        const hook = (last: string) => `${WEBHOOK_PREFIXES.Slack}T0/B0/${last}`;
        expect(h.exec((k) => k.outbox.post(hook('fine'), 'Hello'))).toEqual({ kind: 'sent' });
        expect(h.exec((k) => k.outbox.team('Moved'))).toBe('no webhook');
        h.exec((k) => saveWebhook(k.records.mine, hook('fine')));
        expect(h.exec((k) => k.outbox.team('Moved'))).toEqual({ kind: 'sent' });
        h.exec((k) => saveWebhook(k.records.mine, hook('gone')));
        expect(h.exec((k) => k.outbox.team('Moved'))).toEqual({
          kind: 'broken',
          said: 'Slack answered 404 (channel_not_found)',
        });
        expect(h.exec((k) => k.outbox.team('Moved'))).toBe('stopped');
        expect(h.exec((k) => k.outbox.team('Moved'), 'ben')).toBe('no webhook');
      });
    });

    describe('cells', () => {
      const at = (k: Kit) => ({ sheetId: k.tables.sheetId('Frozen')!, name: 'Frozen' });
      const B2_C3 = { row: 2, col: 2, rows: 2, cols: 2 };

      it('reads and writes a block’s values, formulas and notes as they are, and says a sheet’s size', () => {
        h.plantSheet('Frozen', [
          ['Website', 'Score'],
          ['a.com', 1],
          ['b.com', 2],
        ]);
        h.exec((k) =>
          k.cells.write(at(k), B2_C3, [
            ['=1+1', 'x'],
            [3, ''],
          ]),
        );
        h.exec((k) =>
          k.cells.annotate(at(k), B2_C3, [
            ['first', ''],
            ['', 'last'],
          ]),
        );
        const [formulas, notes, values] = h.exec((k) => [
          k.cells.formulas(at(k), B2_C3),
          k.cells.notes(at(k), B2_C3),
          k.cells.values(at(k), { row: 3, col: 2, rows: 1, cols: 2 }),
        ]);
        expect(formulas).toEqual([
          ['=1+1', ''],
          ['', ''],
        ]);
        expect(notes).toEqual([
          ['first', ''],
          ['', 'last'],
        ]);
        expect(values).toEqual([[3, '']]);
        expect(h.exec((k) => k.cells.size(at(k)))).toMatchObject({ lastRow: 3, lastCol: 3 });
        expect(h.exec((k) => k.cells.size('Gone'))).toBeNull();
        expect(() => h.exec((k) => k.cells.values('Gone', B2_C3))).toThrow(
          expect.objectContaining({ name: 'SheetGone' }),
        );
      });

      it('keeps what a person froze, word for word, as theirs alone', () => {
        h.plantSheet('Frozen', [['Website']]);
        const note = 'Frozen by Visibility for Sheets (3x1): =VIS_SCORE(A2:A4)';
        expect(h.exec((k) => frozenRecords(k, at(k)).keep(note))).toBe(true);
        expect(h.exec((k) => frozenRecords(k, at(k)).mine(note))).toBe(true);
        expect(h.exec((k) => frozenRecords(k, at(k)).mine(`${note} `))).toBe(false);
        expect(h.exec((k) => frozenRecords(k, at(k)).mine(note), 'ben')).toBe(false);
        expect(h.exec((k) => frozenRecords(k, at(k)).keep('x'.repeat(8_001)))).toBe(false);
        h.exec((k) => frozenRecords(k, at(k)).forget(note));
        expect(h.exec((k) => frozenRecords(k, at(k)).mine(note))).toBe(false);
      });
    });

    describe('lead watches', () => {
      it('lists the sheets with their ids and whether a form fills them, a header row and a last row alone', () => {
        h.plantSheet('Responses', [
          ['Timestamp', 'Website'],
          ['t', 'a.com'],
          ['t', 'b.com'],
        ]);
        h.linkForm('Responses');
        h.plantSheet('Typed', [['Website']]);
        const sheets = h.exec((k) => k.tables.sheets());
        const responses = sheets.find((s) => s.name === 'Responses')!;
        expect(responses.form).toBe(true);
        expect(sheets.find((s) => s.name === 'Typed')?.form).toBe(false);
        expect(h.exec((k) => k.tables.headers(responses))).toEqual(['Timestamp', 'Website']);
        expect(h.exec((k) => [k.tables.lastRow(responses), k.tables.lastRow('Gone')])).toEqual([
          3, 0,
        ]);
        expect(h.exec((k) => k.tables.headers('Gone'))).toEqual([]);
      });

      it('makes one form-submit trigger of the person’s on the file, and lets it go', () => {
        expect(h.exec((k) => [k.later.formTrigger(), k.later.formTrigger()])).toEqual(['on', 'on']);
        h.exec((k) => k.later.formTrigger(), 'ben');
        expect(h.formTriggers().sort()).toEqual(
          [h.exec((k) => k.account.email()), h.exec((k) => k.account.email(), 'ben')].sort(),
        );
        h.exec((k) => k.later.dropFormTrigger());
        expect(h.formTriggers()).toEqual([h.exec((k) => k.account.email(), 'ben')]);
      });

      it('keeps the owner’s ledger of lead e-mails across files, taking in an earlier release’s per-file records once', () => {
        const now = h.exec((k) => k.account.now());
        h.plant('vis.leads.mailed.old-file', 'abcdef12,not-a-key');
        const read = () => h.exec((k) => mailLedger(k).read(k.account.now()).sent);
        expect([...read()]).toEqual(['abcdef12']);
        const key = mailKey('jo@nike.example', 'nike.com');
        h.exec((k) => mailLedger(k).record({ key, toKey: 'a1b2c3' }, now));
        expect([...read()].sort()).toEqual([key, 'abcdef12'].sort());
        expect(h.exec((k) => mailLedger(k).read(now).sent.has(key), 'ben')).toBe(false);
      });

      it('keeps a watch’s rows and admitted rows in the owner’s store, an empty record as a record', () => {
        const store = (k: Kit) => leadStore(k, k.tables.fileId());
        h.exec((k) => store(k).rows.save('w1', { done: new Set(), links: new Map() }));
        expect(h.exec((k) => store(k).rows.read('w1'))).toMatchObject({ done: new Set() });
        h.exec((k) =>
          store(k).rows.save('w1', { done: new Set(['0000aaa1', '0000aaa2']), links: new Map() }),
        );
        expect(h.exec((k) => [...store(k).rows.read('w1')!.done])).toEqual([
          '0000aaa1',
          '0000aaa2',
        ]);
        h.exec((k) => store(k).admitted.change('w1', ['r3', 'r4']));
        h.exec((k) => store(k).admitted.change('w1', [], (id) => id !== 'r3'));
        expect(h.exec((k) => [...store(k).admitted.read('w1')])).toEqual(['r4']);
        expect(h.exec((k) => store(k).rows.read('w1'), 'ben')).toBeNull();
        h.exec((k) => store(k).rows.save('w1', null));
        expect(
          h.exec((k) => [store(k).rows.read('w1'), store(k).admitted.read('w1').size]),
        ).toEqual([null, 0]);
      });

      it('says a notice once a day, and again the next', () => {
        expect(h.exec((k) => [firstTimeToday(k, 'room'), firstTimeToday(k, 'room')])).toEqual([
          true,
          false,
        ]);
        h.advance(86_400_000);
        expect(h.exec((k) => firstTimeToday(k, 'room'))).toBe(true);
        expect(h.exec((k) => k.records.roomNotice())).toBeNull();
      });
    });

    describe('e-mail', () => {
      it('sends from the person’s account, 50 recipients a message, and none past the day’s quota', () => {
        const to = (n: number, at = 0) =>
          Array.from({ length: n }, (_, i) => `r${at + i}@x.example`);
        expect(h.exec((k) => [k.outbox.recipientsPerDay(), k.outbox.recipientsLeft()])).toEqual([
          100, 100,
        ]);
        expect(h.exec((k) => k.outbox.mail(to(51), 'Weekly report', 'Body'))).toBe('sent');
        expect(h.mailed().map((m) => [m.to.length, m.subject])).toEqual([
          [50, 'Weekly report'],
          [1, 'Weekly report'],
        ]);
        expect(h.exec((k) => k.outbox.recipientsLeft())).toBe(49);
        expect(h.exec((k) => k.outbox.mail(to(50, 51), 'Again', 'Body'))).toBe('no quota left');
        expect(h.mailed()).toHaveLength(2);
      });
    });

    describe('tables', () => {
      it('finds every list by its headers, in any case, never one of the add-on’s own sheets', () => {
        h.plantSheet('Prospects', [
          [' website', 'NOTE'],
          ['nike.com', 'hot'],
          ['', ''],
          ['slack.com', ''],
        ]);
        h.plantSheet('Notes', [['Anything'], ['x']]);
        h.plantSheet(HISTORY_SHEET, [['Website'], ['nike.com']]);
        const found = h.exec((k) => k.tables.find(LIST, 'site'));
        expect(found.map((t) => t.name)).toEqual(['Prospects']);
        expect(found[0]!.rows).toEqual([
          { row: 2, cells: { site: 'nike.com', note: 'hot' } },
          { row: 3, cells: { site: '', note: '' } },
          { row: 4, cells: { site: 'slack.com', note: '' } },
        ]);
        expect(h.exec((k) => k.tables.read('Notes', LIST))?.rows).toEqual([
          { row: 2, cells: { site: '', note: '' } },
        ]);
        expect(h.exec((k) => k.tables.read('No such sheet', LIST))).toBeNull();
      });

      it('reads only the rows asked for, when asked', () => {
        h.plantSheet('Prospects', [['Website'], ['a.com'], ['b.com'], ['c.com'], ['d.com']]);
        expect(
          h.exec((k) => k.tables.read('Prospects', LIST, { first: 3, last: 4 }))?.rows,
        ).toEqual([
          { row: 3, cells: { site: 'b.com', note: '' } },
          { row: 4, cells: { site: 'c.com', note: '' } },
        ]);
      });

      it('writes cells by row and key, adds a missing header at the right, and leaves every other cell as it was', () => {
        h.plantSheet('Prospects', [
          ['Website', 'Owner'],
          ['nike.com', 'me'],
          ['slack.com', 'you'],
        ]);
        const columns = h.exec((k) =>
          k.tables.write(
            'Prospects',
            LIST,
            new Map([
              [3, { note: 'called' }],
              [5, { site: 'late.com' }],
            ]),
          ),
        );
        expect(columns).toEqual({ site: 1, note: 3 });
        expect(trimmed(h.sheet('Prospects'))).toEqual([
          ['Website', 'Owner', 'Note'],
          ['nike.com', 'me'],
          ['slack.com', 'you', 'called'],
          [],
          ['late.com'],
        ]);
      });

      it('writes text that Sheets would read as a formula or a number as the same text', () => {
        h.plantSheet('Prospects', [['Website', 'Note']]);
        h.exec((k) =>
          k.tables.write(
            'Prospects',
            LIST,
            new Map([[2, { site: '=IMPORTXML("http://x.example")', note: '00123' }]]),
          ),
        );
        expect(trimmed(h.sheet('Prospects'))[1]).toEqual([
          '=IMPORTXML("http://x.example")',
          '00123',
        ]);
        expect(h.exec((k) => k.tables.read('Prospects', LIST))?.rows[0]?.cells).toEqual({
          site: '=IMPORTXML("http://x.example")',
          note: '00123',
        });
      });

      it('reads a sheet whole once, and writes to a sheet it found after a rename, never to a new sheet of the old name', () => {
        h.plantSheet('Prospects', [
          ['Notes', 'Website'],
          ['hot', 'nike.com'],
          ['', ''],
        ]);
        const found = h.exec((k) => k.tables.grid('Prospects'))!;
        expect(found.name).toBe('Prospects');
        expect(found.values).toEqual([
          ['Notes', 'Website'],
          ['hot', 'nike.com'],
        ]);
        expect(h.exec((k) => k.tables.grid({ sheetId: found.sheetId }))?.values).toEqual(
          found.values,
        );
        h.renameSheet('Prospects', 'Prospects (Q3)');
        h.exec((k) => k.tables.write(found, LIST, new Map([[2, { note: 'called' }]])));
        expect(trimmed(h.sheet('Prospects (Q3)'))).toEqual([
          ['Notes', 'Website', 'Note'],
          ['hot', 'nike.com', 'called'],
        ]);
        expect(h.exec((k) => k.tables.grid('Prospects'))).toBeNull();
        expect(h.exec((k) => k.tables.read(found, LIST))?.name).toBe('Prospects (Q3)');
        // A new sheet takes the old name: the run's rows still go to the sheet it read.
        h.plantSheet('Prospects', [['Website'], ['other.com']]);
        h.exec((k) => k.tables.write(found, LIST, new Map([[2, { note: 'again' }]])));
        expect(trimmed(h.sheet('Prospects'))).toEqual([['Website'], ['other.com']]);
        expect(trimmed(h.sheet('Prospects (Q3)'))[1]).toEqual(['hot', 'nike.com', 'again']);
        h.deleteSheet('Prospects (Q3)');
        expect(() =>
          h.exec((k) => k.tables.write(found, LIST, new Map([[2, { note: 'lost' }]]))),
        ).toThrow(new SheetGone().message);
        expect(h.exec((k) => k.tables.grid(found))).toBeNull();
        expect(trimmed(h.sheet('Prospects'))).toEqual([['Website'], ['other.com']]);
      });

      it('gives a scaled column the colour scale when it adds it, and leaves a column the person made as it is', () => {
        const SCORED = {
          site: { header: 'Website' },
          score: { header: 'Score', scaled: true },
          fit: { header: 'Fit', scaled: true },
        } satisfies Columns<'site' | 'score' | 'fit'>;
        h.plantSheet('Prospects', [
          ['Website', 'Score'],
          ['nike.com', 12],
        ]);
        h.exec((k) => k.tables.write('Prospects', SCORED, new Map([[2, { fit: 40 }]])));
        expect(h.colourScaled('Prospects')).toEqual(['Fit']);
        h.exec((k) => k.tables.write('Prospects', SCORED, new Map([[2, { fit: 41 }]])));
        expect(h.colourScaled('Prospects')).toEqual(['Fit']);
      });

      it('appends below the last row with content, making the sheet and its headers when missing', () => {
        expect(h.exec((k) => k.tables.append('Tally', OWN, [{ site: 'a.com', n: 1 }]))).toBe(2);
        expect(
          h.exec((k) => k.tables.append('Tally', OWN, [{ site: 'b.com', n: 2 }, { n: 3 }])),
        ).toBe(3);
        expect(trimmed(h.sheet('Tally'))).toEqual([
          ['Website', 'Count'],
          ['a.com', 1],
          ['b.com', 2],
          ['', 3],
        ]);
      });

      it('says what a sheet holds and takes of the workbook before it is replaced', () => {
        h.plantSheet('Score readings', [
          ['Client', 'Notes'],
          ['Acme', 'renewal'],
        ]);
        h.plantSheet('Prospects', [['Website'], ['nike.com'], ['slack.com']]);
        const [readings, prospects, none] = h.exec((k) => [
          k.tables.room('Score readings'),
          k.tables.room('Prospects'),
          k.tables.room('No such sheet'),
        ]);
        expect(readings.header?.slice(0, 2)).toEqual(['Client', 'Notes']);
        expect(readings.cells).toBeGreaterThanOrEqual(4);
        expect(prospects.cells).toBeGreaterThanOrEqual(3);
        // Every sheet's grid counted once, whichever sheet is asked about.
        expect(readings.cells + readings.otherCells).toBe(prospects.cells + prospects.otherCells);
        expect(none).toEqual({
          header: null,
          cells: 0,
          otherCells: readings.cells + readings.otherCells,
        });
      });

      it('replaces one of the add-on’s sheets whole, blanking what it held beyond the new values', () => {
        h.plantSheet('Tally', [
          ['Website', 'Count'],
          ['a.com', 1],
          ['b.com', 2],
        ]);
        h.exec((k) =>
          k.tables.replace('Tally', [
            ['Website', 'Count'],
            ['+c.com', 3],
          ]),
        );
        expect(trimmed(h.sheet('Tally'))).toEqual([
          ['Website', 'Count'],
          ['+c.com', 3],
        ]);
      });
    });

    describe('Score history', () => {
      const reading = (slug: string, overall: number, day = '20') => ({
        source: 'score',
        slug,
        website: `${slug}.com`,
        score: overall,
        lastScanned: `2026-11-${day}`,
      });

      it('appends each reading once, by its key, readable as the history’s rows', () => {
        const twice = [reading('nike', 70), reading('slack', 60)];
        expect(h.exec((k) => k.history.append(twice)).appended).toBe(2);
        expect(
          h.exec((k) => k.history.append([reading('nike', 70), reading('acme', 50)])).appended,
        ).toBe(1);
        const rows = h.exec((k) => k.tables.read(HISTORY_SHEET, HISTORY_COLUMNS))?.rows ?? [];
        expect(rows.map((r) => [r.cells.slug, r.cells.score])).toEqual([
          ['nike', 70],
          ['slack', 60],
          ['acme', 50],
        ]);
      });

      const scores = (k: Kit, whose: Whose, lastRows?: number) =>
        k.history.readings(['nike.com', 'slack.com'], whose, lastRows);
      const scoresOf = (points?: Array<{ score: number }>) => points?.map((p) => p.score);

      it('reads each site’s readings oldest first and its latest: anyone’s, or only those the person’s runs sealed', () => {
        h.exec((k) => k.history.append([reading('nike', 60, '01'), reading('slack', 50, '01')]));
        h.exec((k) => k.history.append([reading('nike', 70, '20')]), 'ben');
        const anyone = h.exec((k) => scores(k, 'anyone'));
        expect(scoresOf(anyone.get('nike.com'))).toEqual([60, 70]);
        expect(scoresOf(anyone.get('slack.com'))).toEqual([50]);
        expect(scoresOf(h.exec((k) => scores(k, 'mine')).get('nike.com'))).toEqual([60]);
        expect(scoresOf(h.exec((k) => scores(k, 'anyone', 1)).get('nike.com'))).toEqual([70]);
        const latest = (whose: Whose) =>
          h.exec((k) => k.history.latest(['nike.com'], whose)).get('nike.com')?.score;
        expect([latest('anyone'), latest('mine')]).toEqual([70, 60]);
        // An editor changes Ana's reading of slack.com by hand: it is no longer hers.
        const rows = h.sheet(HISTORY_SHEET).map((r) => [...r]);
        const score = rows[0]!.indexOf(HISTORY_COLUMNS.score.header);
        rows.find((r) => r.includes('slack.com'))![score] = 95;
        h.plantSheet(HISTORY_SHEET, rows);
        expect(h.exec((k) => scores(k, 'mine')).get('slack.com')).toBeUndefined();
        expect(scoresOf(h.exec((k) => scores(k, 'anyone')).get('slack.com'))).toEqual([95]);
      });

      it('seals, for a run that must keep a whole record, a reading a teammate recorded first that says the same', () => {
        h.exec((k) => k.history.append([reading('nike', 70)]), 'ben');
        expect(h.exec((k) => scores(k, 'mine')).get('nike.com')).toBeUndefined();
        expect(h.exec((k) => k.history.append([reading('nike', 70)])).appended).toBe(0);
        expect(h.exec((k) => scores(k, 'mine')).get('nike.com')).toBeUndefined();
        expect(h.exec((k) => k.history.append([reading('nike', 70)], true)).appended).toBe(0);
        expect(scoresOf(h.exec((k) => scores(k, 'mine')).get('nike.com'))).toEqual([70]);
        expect(scoresOf(h.exec((k) => scores(k, 'mine'), 'ben').get('nike.com'))).toEqual([70]);
      });
    });

    describe('view', () => {
      const TWO_PROSPECTS = [
        ['Company', 'Website'],
        ['Nike', 'nike.com'],
        ['Slack', 'slack.com'],
      ];

      it('shows rows only where a list holds them, a block as far as it still holds it, and says where the person is', () => {
        h.plantSheet('Prospects', [['Website'], ['a.com'], ['b.com']]);
        h.plantSheet('Notes', [['Anything'], ['x']]);
        h.plantSheet(HISTORY_SHEET, [['Website'], ['a.com']]);
        expect(h.exec((k) => k.view.show('Prospects', { first: 3, last: 3 }))).toBe(true);
        expect(h.shownSheet()).toBe('Prospects');
        expect(h.exec((k) => k.view.show('Notes'))).toBe(true);
        expect(h.exec((k) => k.view.show('Prospects', { first: 4, last: 4 }))).toBe(false);
        expect(h.shownSheet()).toBe('Notes');
        expect(h.exec((k) => k.view.sheet())).toBe('Notes');
        expect(h.exec((k) => k.view.show('Gone', 'A2'))).toBe(false);
        expect(h.exec((k) => k.view.show('Prospects', 'A2:A3'))).toBe(true);
        expect(h.exec((k) => k.view.place())).toEqual({ sheetName: 'Prospects', a1: 'A2:A3' });
        // Rows gone since: the block as far as the list holds it; none, its first cell.
        expect(h.exec((k) => k.view.show('Prospects', 'A2:A9'))).toBe(true);
        expect(h.exec((k) => k.view.place())?.a1).toBe('A2:A3');
        h.exec((k) => k.view.show('Prospects', 'A7:A9'));
        expect(h.exec((k) => k.view.place())?.a1).toBe('A7');
        h.exec((k) => k.view.show(HISTORY_SHEET, 'A2'));
        expect(h.exec((k) => k.view.place())).toBeNull();
      });

      it('reads the whole rows of a selection in a list, and none on one of the add-on’s sheets', () => {
        h.plantSheet('Prospects', TWO_PROSPECTS);
        h.select('Prospects', 'B2:B5');
        const found = h.exec((k) => k.view.rows())!;
        expect(found.list).toMatchObject({ name: 'Prospects', values: TWO_PROSPECTS });
        expect(found.rows.map((r) => [r.row, r.values, r.shown, r.hidden])).toEqual([
          [2, ['Nike', 'nike.com'], ['Nike', 'nike.com'], false],
          [3, ['Slack', 'slack.com'], ['Slack', 'slack.com'], false],
        ]);
        // Written with the cells as the run read them: the same cells as a write that reads.
        h.exec((k) =>
          k.tables.write(found.list, LIST, new Map([[3, { note: 'hot' }]]), found.list.values),
        );
        expect(trimmed(h.sheet('Prospects'))[2]).toEqual(['Slack', 'slack.com', 'hot']);
        h.plantSheet(HISTORY_SHEET, [['Website'], ['nike.com']]);
        h.select(HISTORY_SHEET, 'A2');
        expect(h.exec((k) => k.view.rows())).toBeNull();
      });

      it('finds the block a press acts on: a selected header skipped, rows past the last filled one dropped, none on an add-on sheet', () => {
        h.plantSheet('Prospects', TWO_PROSPECTS);
        const sheetId = h.exec((k) => k.tables.sheetId('Prospects'));
        h.select('Prospects', 'B1:B9');
        expect(h.exec((k) => k.view.block())).toEqual({
          sheetId,
          name: 'Prospects',
          first: 2,
          last: 3,
          column: 2,
          a1: 'B1:B9',
        });
        h.select('Prospects', 'B:B');
        expect(h.exec((k) => k.view.block())).toMatchObject({ first: 2, last: 3, a1: 'B:B' });
        h.select('Prospects', 'C2:D3');
        expect(h.exec((k) => k.view.block())).toMatchObject({ first: 2, last: 3, column: 3 });
        h.select('Prospects', 'B5:B9');
        expect(h.exec((k) => k.view.block())).toBeNull();
        h.plantSheet(HISTORY_SHEET, [['Website'], ['nike.com']]);
        h.select(HISTORY_SHEET, 'A2');
        expect(h.exec((k) => k.view.block())).toBeNull();
      });

      it('finds the block a continued run names as far as the sheet holds it now, and none past it', () => {
        h.plantSheet('Prospects', TWO_PROSPECTS);
        const named = (a1: string, sheetName = 'Prospects') =>
          h.exec((k) => k.view.block({ sheetName, a1 }));
        expect(named('B2:B9')).toMatchObject({ name: 'Prospects', first: 2, last: 3, a1: 'B2:B3' });
        expect(named('B3:B9')).toMatchObject({ first: 3, last: 3, a1: 'B3' });
        expect(named('B5:B9')).toBeNull();
        expect(named('B2:C3')).toBeNull();
        expect(named('B2', 'Gone')).toBeNull();
        expect(named('A2', HISTORY_SHEET)).toBeNull();
      });

      it('gives the rectangle the person selected, whole rows as wide as the sheet', () => {
        h.plantSheet('Prospects', TWO_PROSPECTS);
        const sheet = { sheetId: h.exec((k) => k.tables.sheetId('Prospects')), name: 'Prospects' };
        h.select('Prospects', 'B2:C3');
        expect(h.exec((k) => k.view.extent())).toEqual({
          sheet,
          extent: { row: 2, col: 2, rows: 2, cols: 2 },
        });
        h.select('Prospects', '2:3');
        const wide = h.exec((k) => k.cells.size('Prospects'))!.maxCols;
        expect(h.exec((k) => k.view.extent())).toEqual({
          sheet,
          extent: { row: 2, col: 1, rows: 2, cols: wide },
        });
      });

      it('reads the cells the person selected, on the sheet as found', () => {
        h.plantSheet('Prospects', TWO_PROSPECTS);
        h.select('Prospects', 'B2:B3');
        const selected = h.exec((k) => k.view.selected())!;
        expect(selected).toMatchObject({ name: 'Prospects', first: 2, last: 3, column: 2 });
        expect(selected.values).toEqual([['nike.com'], ['slack.com']]);
        expect(selected.sheetId).toBe(h.exec((k) => k.tables.sheetId('Prospects')));
        expect(h.exec((k) => k.tables.sheetId('No such sheet'))).toBeNull();
        expect(h.exec((k) => k.tables.fileName())).not.toBe('');
      });

      it('draws a bar chart of a sheet just replaced, in place of the one it held', () => {
        const data = [
          ['Brand', 'Score'],
          ['nike.com', 70],
        ];
        h.exec(
          (k) => (k.tables.replace('Comparison', data), k.tables.chart('Comparison', 'First')),
        );
        h.exec(
          (k) => (k.tables.replace('Comparison', data), k.tables.chart('Comparison', 'Again')),
        );
        expect(h.charts('Comparison')).toEqual(['Again']);
        expect(() => h.exec((k) => k.tables.chart('No such sheet', 'x'))).toThrow(
          new SheetGone().message,
        );
      });

      it('puts a column’s note on its header when it adds the column, once', () => {
        const NOTED = {
          id: { header: 'Agent ID', note: 'One agent per row.' },
          state: { header: 'State' },
        };
        h.exec((k) => k.tables.write('Agents', NOTED, new Map()));
        h.exec((k) => k.tables.write('Agents', NOTED, new Map([[2, { id: 7 }]])));
        expect(h.headerNotes('Agents')).toEqual(['One agent per row.']);
      });
    });

    describe('Slides', () => {
      const deck = {
        title: 'Nike: AI visibility',
        slides: [
          [{ x: 40, y: 40, w: 640, h: 60, text: 'Nike', size: 28 }],
          [{ x: 0, y: 0, w: 720, h: 405, fill: '#e8eaed' }],
        ],
      };

      it('draws a deck in a new presentation, again in the same one when named, in a new one when that is gone', () => {
        const first = h.exec((k) => k.slides.draw(deck));
        if (typeof first === 'string') throw new Error(first);
        expect(first).toMatchObject({ slides: 2, made: true });
        expect(first.url).toContain(first.id);
        expect(h.exec((k) => k.slides.draw(deck, first.id))).toMatchObject({
          id: first.id,
          slides: 2,
          made: false,
        });
        const gone = h.exec((k) => k.slides.draw(deck, 'no-such-presentation'));
        expect(gone).toMatchObject({ slides: 2, made: true });
        expect(typeof gone !== 'string' && gone.id).not.toBe(first.id);
      });
    });

    describe('later', () => {
      it('opens a file of the hourly run by its id as a kit over it; one that cannot be opened is none', () => {
        h.exec((k) => k.later.keep('previews', 1));
        const id = h.exec((k) => k.tables.fileId());
        expect(h.exec((k) => k.later.open(id)?.tables.fileId())).toBe(id);
        expect(h.exec((k) => k.later.open('no-such-file'))).toBeNull();
      });

      it('counts a firing’s run time against the day’s at once', () => {
        const [left, minutes] = h.exec((k) => [
          k.later.timeLeft(),
          k.account.usage().triggerMinutes,
        ]);
        h.exec((k) => k.later.ended(120_000));
        expect(h.exec((k) => k.later.timeLeft())).toBe(left - 120_000);
        expect(h.exec((k) => k.account.usage().triggerMinutes.today)).toBe(minutes.today + 2);
      });

      it('keeps the file in the hourly run while work is left, and lets it go at 0', () => {
        h.exec((k) => k.later.keep('scans', 2));
        h.exec((k) => k.later.keep('previews', 1));
        expect(h.workKept().sort()).toEqual(['previews', 'scans']);
        expect(h.exec((k) => k.later.files())).toContain(h.exec((k) => k.tables.fileId()));
        h.exec((k) => k.later.keep('scans', 0));
        expect(h.workKept()).toEqual(['previews']);
        h.exec((k) => k.later.keep('previews', 0));
        expect(h.exec((k) => k.later.files())).not.toContain(h.exec((k) => k.tables.fileId()));
      });
    });

    describe('records of the document', () => {
      const old = (id: string, created: number) => ({
        id,
        owner: 'ana@example.com',
        action: 'refreshScores',
        sheetName: 'Prospects',
        every: 'day',
        hour: 9,
        created,
      });
      const ids = (k: Kit) =>
        scheduleStore(k.records)
          .definitions()
          .map((d) => d.id);

      it('keeps schedules for every editor, reading an earlier release’s one list and splitting it at the next change', () => {
        h.plantDocument('vis.schedules', JSON.stringify([old('b', 2), old('a', 1)]));
        expect(h.exec(ids, 'ben')).toEqual(['a', 'b']);
        h.exec((k) => {
          const store = scheduleStore(k.records);
          store.saveDefinition('c', old('c', 3) as never, store.definitions());
          store.saveDefinition('a', null, store.definitions());
        });
        expect(h.exec(ids, 'ben')).toEqual(['b', 'c']);
        expect(
          h.exec((k) => k.records.document.get(recordKind('schedules', () => z.unknown(), null))),
        ).toBeNull();
      });
    });

    describe('the file’s sheets, records shared and ids', () => {
      it('names the file’s sheets in order and its address, and gives ids never given before', () => {
        h.plantSheet('Prospects', [['Website']]);
        const [names, url, id] = h.exec((k) => [
          k.tables.sheets().map((s) => s.name),
          k.tables.fileUrl(),
          k.tables.fileId(),
        ]);
        expect(names).toContain('Prospects');
        expect(url).toContain(id);
        const made = h.exec((k) => [k.account.newId(), k.account.newId()]);
        made.push(h.exec((k) => k.account.newId(), 'ben'));
        expect(new Set(made).size).toBe(3);
      });

      it('drops a shared record wherever it is kept', () => {
        h.exec((k) => k.records.shared.put(note, { text: 'shown', n: 1 }, 's1'));
        expect([...h.exec((k) => k.records.shared.list(note, true), 'ben').keys()]).toEqual(['s1']);
        h.exec((k) => k.records.shared.drop(note, 's1'));
        expect(h.exec((k) => k.records.shared.list(note, true).size)).toBe(0);
      });
    });

    describe('records of the file', () => {
      it('are every editor’s: what one person’s execution put, another’s reads, until dropped', () => {
        h.exec((k) => k.records.file.put(note, { text: 'shared', n: 1 }, 'x'));
        expect(h.exec((k) => k.records.file.get(note, 'x'), 'ben').text).toBe('shared');
        expect(h.exec((k) => k.records.mine.get(note, 'x'), 'ben').text).toBe('');
        h.exec((k) => k.records.file.drop(note, 'x'), 'ben');
        expect(h.exec((k) => k.records.file.get(note, 'x')).text).toBe('');
      });
    });

    describe('clock, account, lock and log', () => {
      it("gives the document's lock to one execution of anyone at a time", () => {
        const taken = (k: Kit) => {
          const held = k.locks.document(1_000);
          held?.release();
          return held !== null;
        };
        expect(h.exec(taken)).toBe(true);
        h.holdDocumentLockElsewhere(true);
        expect(h.exec((k) => k.locks.document(1_000), 'ben')).toBeNull();
        h.holdDocumentLockElsewhere(false);
        expect(h.exec(taken, 'ben')).toBe(true);
      });

      it("gives the document's Generate claim to one run at a time, across executions and people", () => {
        const claimed = (run: string) => (k: Kit) => k.locks.claim(run, k.account.now()) !== null;
        expect(h.exec(claimed('run-a'))).toBe(true);
        // Run A works on (its claim is in the file); another run, anyone's, is refused meanwhile.
        expect(h.exec(claimed('run-b'), 'ben')).toBe(false);
        // Run A renews and lets go: the next run takes it.
        h.exec((k) => {
          const held = k.locks.claim('run-a', k.account.now());
          expect(held?.renew()).toBe(true);
          held?.release();
        });
        expect(h.exec(claimed('run-b'), 'ben')).toBe(true);
        // Run B is cut off without letting go: its claim lapses by itself, minutes later.
        h.advance(3 * 60_000);
        expect(h.exec(claimed('run-c'))).toBe(true);
        // Run B's next renewal finds run C's claim live: it stops.
        expect(h.exec((k) => k.locks.claim('run-b', k.account.now()))).toBeNull();
      });

      it('gives no Generate claim while another run keeps the document locked', () => {
        h.holdDocumentLockElsewhere(true);
        expect(h.exec((k) => k.locks.claim('run-a', k.account.now()))).toBeNull();
        h.holdDocumentLockElsewhere(false);
        expect(h.exec((k) => k.locks.claim('run-a', k.account.now()) !== null)).toBe(true);
      });

      it('reads the clock as it moves, and names the person', () => {
        const before = h.exec((k) => k.account.now());
        h.advance(60_000);
        expect(h.exec((k) => k.account.now()) - before).toBeGreaterThanOrEqual(60_000);
        expect(h.exec((k) => k.account.email(), 'ben')).toMatch(/^ben@/);
      });

      it('names the file’s owner to every editor, says what is not granted, and counts the day’s requests', () => {
        const owner = h.exec((k) => k.account.owner());
        expect(owner).toBe(h.exec((k) => k.account.email()));
        expect(h.exec((k) => k.account.owner(), 'ben')).toBe(owner);
        expect(h.exec((k) => k.account.permissions())).toEqual({ missing: [], grantUrl: null });
        const before = h.exec((k) => k.account.usage());
        h.exec((k) =>
          k.service.ask(
            [requests.score(k.service.config(), { by: 'url', value: h.brands.known })],
            parsers.score,
            20_000,
          ),
        );
        const after = h.exec((k) => k.account.usage());
        expect(after.today).toBe(before.today + 1);
        expect(after.quota).toBeGreaterThan(after.today);
      });

      it('reads, under the person’s lock, what another execution of theirs put meanwhile', () => {
        h.exec((k) => k.records.mine.put(note, { text: 'first', n: 1 }));
        const [before, under, again] = h.exec((k) => {
          const seen = k.records.mine.get(note).text;
          h.plant('vis.contract.note', JSON.stringify({ text: 'elsewhere', n: 2 }));
          const held = k.locks.mine(1_000);
          const now = k.records.mine.get(note).text;
          held?.release();
          h.plant('vis.contract.note', JSON.stringify({ text: 'again', n: 3 }));
          k.records.mine.reread();
          return [seen, now, k.records.mine.get(note).text];
        });
        expect([before, under, again]).toEqual(['first', 'elsewhere', 'again']);
      });

      it("gives the person's lock to one execution at a time", () => {
        expect(
          h.exec((k) => {
            const held = k.locks.mine(1_000);
            held?.release();
            return held !== null;
          }),
        ).toBe(true);
        h.holdLockElsewhere(true);
        expect(h.exec((k) => k.locks.mine(1_000))).toBeNull();
        h.holdLockElsewhere(false);
        expect(h.exec((k) => k.locks.mine(1_000) !== null)).toBe(true);
      });

      it('names a day as the file’s calendar does', () => {
        expect(h.exec((k) => k.account.day(Date.UTC(2026, 10, 28, 12)))).toBe('2026-11-28');
      });

      it('tells each moment’s offset from UTC by the file’s calendar, as its days', () => {
        const t = Date.UTC(2026, 10, 28, 23, 30);
        const [offset, day] = h.exec((k) => [k.account.offsets()(t), k.account.day(t)]);
        expect(new Date(t + offset).toISOString().slice(0, 10)).toBe(day);
      });

      it('logs a schedule’s run as the schedule’s, within the hourly one', () => {
        const line = {
          sheet: 'Prospects',
          rows: 1,
          requests: 1,
          changed: 0,
          errors: 0,
          result: 'ok',
        };
        h.exec((k) => k.log.action('Refresh scores #s1', line, 'schedule'));
        expect(h.exec((k) => k.log.recent(1))[0]).toMatchObject({
          run: 'schedule',
          sheet: 'Prospects',
        });
      });

      it('keeps the Visibility log, newest first, its text as text', () => {
        const line = { sheet: 'Prospects', rows: 10, requests: 4, changed: 2, errors: 0 };
        h.exec((k) => k.log.action('score list', { ...line, result: '=HYPERLINK("x.example")' }));
        h.exec((k) => k.log.action('report', { ...line, result: '5 slides' }));
        const recent = h.exec((k) => k.log.recent(5));
        expect(recent.map((e) => e.action)).toEqual(['report', 'score list']);
        expect(recent[1]).toMatchObject({
          ...line,
          run: 'sidebar',
          result: '=HYPERLINK("x.example")',
        });
        expect(Date.parse(recent[0]!.time)).not.toBeNaN();
        expect(h.exec((k) => k.log.recent(1)).map((e) => e.action)).toEqual(['report']);
        expect(h.exec((k) => k.log.recent(0))).toEqual([]);
        const formulas = h
          .sheet(LOG_SHEET)
          .flat()
          .filter((c) => typeof c === 'object' && c !== null && 'formula' in c);
        expect(formulas).toEqual([]);
      });

      it('logs a line', () => {
        h.exec((k) => k.log.line('contract line'));
        expect(h.logged().join('\n')).toContain('contract line');
      });
    });
  });
}
