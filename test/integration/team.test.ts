// A list shared by a team, on the built bundle: each person's previews are theirs (their key made
// them, their user properties say so), nobody's poll spends another's key or changes their rows,
// and nothing an editor types into the add-on's columns stalls anyone's work.
import type { Spreadsheet } from '../../dev/gas-runtime/spreadsheet';
import { KEYS, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import { answer, FORM, WATCH } from './leadForm';

let w: World;
afterEach(() => w?.close());

const ANA = 'ana@agency.example';
const BEN = 'ben@agency.example';
const HOUR = 3600 * 1000;

function list(book: Spreadsheet, sites: string[]): void {
  book.activeSheet.probe.rows = [['Website'], ...sites.map((s) => [s])].map((r) =>
    r.map((value) => ({ value })),
  );
}

function records(book: Spreadsheet): Array<Record<string, string>> {
  const rows = book.activeSheet.probe.rows;
  const head = rows[0]!.map((c) => String(c.value));
  return rows
    .slice(1)
    .map((r) => Object.fromEntries(head.map((h, i) => [h, String(r[i]?.value ?? '')])));
}

/** Every GET of a preview, with the key it carried and the maker its row names. */
function polls(book: Spreadsheet) {
  const makers = new Map(records(book).map((r) => [r['Preview UUID'], r['Requested by']]));
  return w.rt.fetchStats.log
    .filter((l) => l.method === 'get' && l.url.includes('scan-preview?uuid='))
    .map((l) => {
      const uuid = decodeURIComponent(l.url.split('uuid=')[1]!);
      return { uuid, key: l.key, maker: makers.get(uuid) ?? '' };
    });
}

describe('two people, each with their own key, on one list', () => {
  it('complete every row, none marked failed, each preview asked about with its maker’s key', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    const sites = Array.from({ length: 30 }, (_, i) => `team-site-${i}.com`);
    list(book, sites);
    const [ana, ben] = [sidebar(w.rt, ANA), sidebar(w.rt, BEN)];
    const baseUrl = ana.getSettings().baseUrl;
    ben.saveSettings({ baseUrl, apiKey: KEYS.starter });
    book.activeSheet.setActiveSelection('A2:A16');
    expect(ana.startPreviewsForSelection().state).toBe('done');
    book.activeSheet.setActiveSelection('A17:A31');
    expect(ben.startPreviewsForSelection().state).toBe('done');
    // Both sidebars open, polling in turn, Ben's first: before, his poll marked Ana's 15 failed.
    for (let i = 0; i < 12; i++) {
      await w.elapse(15000);
      ben.pollPendingPreviews();
      ana.pollPendingPreviews();
    }
    const rows = records(book);
    expect(rows.map((r) => r['Preview status'])).toEqual(new Array(30).fill('complete'));
    expect(rows.map((r) => r['Requested by'])).toEqual([
      ...new Array(15).fill(ANA),
      ...new Array(15).fill(BEN),
    ]);
    const keyOf: Record<string, string> = { [ANA]: KEYS.pro, [BEN]: KEYS.starter };
    const asked = polls(book);
    expect(asked.length).toBeGreaterThanOrEqual(30);
    expect(asked.filter((p) => p.key !== keyOf[p.maker])).toEqual([]);
  });

  it('shows a teammate’s pending previews as theirs, and leaves them alone', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    list(book, ['theirs-1.com', 'theirs-2.com']);
    const [ana, ben] = [sidebar(w.rt, ANA), sidebar(w.rt, BEN)];
    ben.saveSettings({ baseUrl: ana.getSettings().baseUrl, apiKey: KEYS.starter });
    book.activeSheet.setActiveSelection('A2:A3');
    ben.startPreviewsForSelection();
    await w.elapse(120000);
    const report = ana.pollPendingPreviews();
    expect(report.asked).toBe(0);
    expect(report.waitingOnOthers).toEqual([{ by: BEN, count: 2 }]);
    expect(records(book).map((r) => r['Preview status'])).toEqual(['pending', 'pending']);
  });
});

describe('what an editor types into the add-on’s columns', () => {
  it('a 2,100-character value and a non-UUID are never sent, and the other rows complete with the sidebar closed', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    list(
      book,
      Array.from({ length: 10 }, (_, i) => `typed-${i}.com`),
    );
    book.activeSheet.setActiveSelection('A2:A9');
    sidebar(w.rt, ANA).startPreviewsForSelection();
    // An editor pastes into the last two rows' Preview UUID.
    const head = book.activeSheet.probe.rows[0]!.map((c) => c.value);
    const [uuidCol, statusCol] = ['Preview UUID', 'Preview status'].map((h) => head.indexOf(h));
    const typed = ['x'.repeat(2100), 'see notes'];
    typed.forEach((text, i) => {
      const row = book.activeSheet.probe.rows[9 + i]!;
      row[uuidCol!] = { value: text };
      row[statusCol!] = { value: 'pending' };
    });
    // The sidebar closes; three hourly firings.
    for (let h = 0; h < 3; h++) await w.elapse(HOUR);
    const rows = records(book);
    expect(rows.slice(0, 8).map((r) => r['Preview status'])).toEqual(new Array(8).fill('complete'));
    expect(rows.slice(8).map((r) => [r['Preview status'], r['Preview message']])).toEqual([
      ['error: not an ID', expect.stringMatching(/not a preview ID, so it was not sent/)],
      ['error: not an ID', expect.stringMatching(/not a preview ID, so it was not sent/)],
    ]);
    expect(polls(book).filter((p) => typed.includes(p.uuid))).toEqual([]);
  });

  it('3,000 pasted preview IDs cost the owner’s key nothing over a week, and one request each when she adopts them', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
    const pasted = Array.from(
      { length: 3000 },
      (_, i) => `${hex(i, 8)}-0000-4000-8000-${hex(i * 7919, 12)}`,
    );
    // Nobody named, or a made-up maker dated 2020: neither makes them anyone's.
    book.activeSheet.probe.rows = [
      ['Website', 'Preview status', 'Preview UUID', 'Preview message', 'Requested', 'Requested by'],
      ...pasted.map((u, i) => [
        `pasted-${i}.com`,
        'pending',
        u,
        '',
        i % 2 ? new Date(Date.UTC(2020, 0, 1)) : '',
        i % 2 ? 'cam@agency.example' : '',
      ]),
    ].map((r) => r.map((value) => ({ value })));
    const ana = sidebar(w.rt, ANA);
    const seen = ana.pollPendingPreviews();
    expect(seen).toMatchObject({ asked: 0, stranded: [], unadopted: { rows: 3000, ids: 3000 } });
    for (let h = 0; h < 7 * 24; h += 6) await w.elapse(6 * HOUR);
    expect(polls(book)).toHaveLength(0);
    expect(records(book)[0]!['Preview message']).toMatch(/^no poll asks about this preview ID/);

    // Her own press, having been told it costs 3,000 requests: each ID asked about once.
    expect(ana.adoptPreviewIds()).toMatchObject({ asked: 3000, unadopted: { rows: 0, ids: 0 } });
    for (let h = 0; h < 48; h += 6) await w.elapse(6 * HOUR);
    ana.pollPendingPreviews();
    const perUuid = new Map<string, number>();
    for (const p of polls(book)) perUuid.set(p.uuid, (perUuid.get(p.uuid) ?? 0) + 1);
    expect(perUuid.size).toBe(3000);
    expect([...perUuid.values()].filter((n) => n > 1)).toEqual([]);
    expect(records(book)[0]!['Preview message']).toMatch(/not a preview made with your key/);
  }, 120000);
});

describe('an ID pasted beside the owner’s address', () => {
  it.each(['complete', 'pending'])(
    'reading %s, is never lent to her row of its site nor asked about with her key: the row gets a preview of its own',
    async (status) => {
      w = await startWorld({ owner: ANA });
      const book = w.rt.spreadsheet;
      const pasted = '0badc0de-0000-4000-8000-000000000001';
      book.activeSheet.probe.rows = [
        ['Website', 'Preview status', 'Preview UUID', 'Requested by'],
        ['shared-site.com', status, pasted, ANA],
        ['https://www.shared-site.com/'],
      ].map((r) => r.map((value) => ({ value })));
      const ana = sidebar(w.rt, ANA);
      book.activeSheet.setActiveSelection('A3');
      expect(ana.startPreviewsForSelection()).toMatchObject({ created: 1, reused: 0 });
      for (let i = 0; i < 8; i++) {
        await w.elapse(15000);
        ana.pollPendingPreviews();
      }
      for (let h = 0; h < 3; h++) await w.elapse(HOUR);
      const row = records(book)[1]!;
      expect(row['Preview status']).toBe('complete');
      expect(row['Preview UUID']).not.toBe(pasted);
      expect(polls(book).filter((p) => p.uuid === pasted)).toEqual([]);
      expect(polls(book).filter((p) => p.uuid === row['Preview UUID']).length).toBeGreaterThan(0);
    },
  );
});

describe('the record of the previews her key made', () => {
  it('keeps the newest 3,000 within 51 KB: an older one no longer lends to a new row of its site, a newer one does', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    const sites = Array.from({ length: 3050 }, (_, i) => `made-${i}.com`);
    list(book, sites);
    const ana = sidebar(w.rt, ANA);
    book.activeSheet.setActiveSelection(`A2:A${sites.length + 1}`);
    let r = ana.startPreviewsForSelection();
    for (let i = 0; i < 20 && r.state === 'partial'; i++)
      r = ana.startPreviewsForSelection(r.request ?? undefined);
    expect(r.state).toBe('done');
    const kept = Object.entries(w.rt.userProperties(ANA).getProperties()).filter(([k]) =>
      /^vis\.made(\.\d+)?$/.test(k),
    );
    const ids = kept.flatMap(([, v]) => v.split(' ').filter(Boolean));
    expect(ids).toHaveLength(3000);
    expect(kept.reduce((n, [k, v]) => n + k.length + v.length, 0)).toBeLessThanOrEqual(51 * 1024);
    // The sheet's first previews completed long ago; new rows of the first site and of the last.
    for (let h = 0; h < 3; h++) await w.elapse(HOUR);
    book.activeSheet.appendRow(['https://www.made-0.com/']);
    book.activeSheet.appendRow(['https://www.made-3049.com/']);
    const last = book.activeSheet.getLastRow();
    book.activeSheet.setActiveSelection(`A${last - 1}`);
    expect(ana.startPreviewsForSelection()).toMatchObject({ created: 1, reused: 0 });
    book.activeSheet.setActiveSelection(`A${last}`);
    expect(ana.startPreviewsForSelection()).toMatchObject({ created: 0, reused: 1 });
  }, 120000);
});

describe('a preview shared by rows of the same site, after it completed', () => {
  it('completes each later row Generate fills from it, however many (the season found the third stuck)', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    const api = sidebar(w.rt, ANA);
    // The sidebar polls until done; the hourly run then tidies the record of what completed.
    const settle = async () => {
      for (let i = 0; i < 8; i++) {
        await w.elapse(15000);
        api.pollPendingPreviews();
      }
      await w.elapse(HOUR);
    };
    list(book, ['same-site.com']);
    book.activeSheet.setActiveSelection('A2');
    api.startPreviewsForSelection();
    await settle();
    for (const row of [3, 4]) {
      book.activeSheet.appendRow(['https://www.same-site.com/']);
      book.activeSheet.setActiveSelection(`A${row}`);
      expect(api.startPreviewsForSelection()).toMatchObject({ reused: 1 });
      await settle();
    }
    const rows = records(book);
    expect(rows.map((r) => r['Preview status'])).toEqual(['complete', 'complete', 'complete']);
    expect(new Set(rows.map((r) => r['Preview UUID'])).size).toBe(1);
  });
});

describe('a schedule whose owner is gone', () => {
  it('a teammate takes it over after its owner’s runs went silent; it runs as them, and the old owner’s trigger lets it go', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    list(book, ['acmeanalytics.com', 'rosies-bakery.com']);
    book.activeSheet.setName('Prospects');
    const [ana, ben] = [sidebar(w.rt, ANA), sidebar(w.rt, BEN)];
    ben.saveSettings({ baseUrl: ana.getSettings().baseUrl, apiKey: KEYS.starter });
    const saved = ana.saveSchedule({
      action: 'refreshScores',
      sheetName: 'Prospects',
      every: 'day',
      hour: 9,
      refresh: 'all',
    });
    expect(saved.ok).toBe(true);
    const id = saved.schedule!.id;
    // Still running for Ana: Ben may not take it.
    expect(ben.getSchedules()[0]!.mayTakeOver).toBe(false);
    expect(ben.takeOverSchedule(id)).toMatchObject({ ok: false });

    // Ana's trigger goes silent (she left; the add-on was disabled in her file): two due times pass.
    w.rt.triggers.disableAddonIn(ANA, book.id);
    for (let h = 0; h < 60; h++) await w.elapse(HOUR);
    const seen = ben.getSchedules()[0]!;
    expect(seen).toMatchObject({ mine: false, mayTakeOver: true });
    const taken = ben.takeOverSchedule(id);
    expect(taken).toMatchObject({ ok: true, schedule: { owner: BEN, mine: true } });
    expect(taken.message).toMatch(/^Taken over from ana@agency\.example: it runs as you now/);

    w.rt.resetCounts();
    for (let h = 0; h < 26; h++) await w.elapse(HOUR);
    const scoring = w.rt.fetchStats.log.filter((l) => l.url.includes('/api/visibility/score'));
    expect(scoring.length).toBeGreaterThan(0);
    expect(new Set(scoring.map((l) => l.user))).toEqual(new Set([BEN]));

    // Ana comes back: her sidebar revives her trigger, which lets the schedule go and says so.
    ana.pollPendingPreviews();
    ana.getSettings();
    for (let h = 0; h < 3; h++) await w.elapse(HOUR);
    const log = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Visibility log')!;
    expect(log.probe.rows.map((r) => String(r[8]?.value))).toContain(
      `Taken over by ${BEN}: it runs as them from now on, no longer as ${ANA}.`,
    );
    expect(ana.getSchedules()[0]).toMatchObject({ owner: BEN, mine: false, mayTakeOver: false });
  });
});

describe('previews nobody completes', () => {
  const DAY = 24 * HOUR;
  /** The sidebar open for `minutes`, polling every 15 s as the page does while previews wait. */
  const sidebarOpen = async (api: ReturnType<typeof sidebar>, minutes: number) => {
    let last = api.pollPendingPreviews();
    for (let t = 0; t < minutes * 60_000; t += 15_000) {
      await w.elapse(15_000);
      last = api.pollPendingPreviews();
    }
    return last;
  };

  it('a teammate’s, once they are silent 7 days, are made again with my key after I ask; never before, never with their IDs', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    list(book, ['left-1.com', 'left-2.com', 'left-3.com']);
    const sheetName = book.activeSheet.probe.title;
    const [ana, ben] = [sidebar(w.rt, ANA), sidebar(w.rt, BEN)];
    ben.saveSettings({ baseUrl: ana.getSettings().baseUrl, apiKey: KEYS.starter });
    book.activeSheet.setActiveSelection('A2:A4');
    expect(ben.startPreviewsForSelection()).toMatchObject({ created: 3 });
    const bens = records(book).map((r) => r['Preview UUID']);
    // Ben leaves: the add-on is disabled where he worked, his sidebar never opens again.
    w.rt.triggers.disableAddonIn(BEN, book.id);

    await w.elapse(3 * DAY);
    let seen = await sidebarOpen(ana, 2);
    expect(seen).toMatchObject({ pending: 3, stranded: [] });
    expect(seen.waitingOnOthers).toEqual([{ by: BEN, count: 3 }]);
    // Asked for through the page before its time: nothing is sent, no row changes.
    expect(ana.remakePreviews(sheetName, BEN)).toMatchObject({ state: 'nothing', created: 0 });
    expect(records(book).map((r) => r['Preview UUID'])).toEqual(bens);

    await w.elapse(5 * DAY);
    seen = ana.pollPendingPreviews();
    expect(seen.waitingOnOthers).toEqual([]);
    // Ben's own Generate is the last the file heard of him, eight days ago.
    expect(seen.stranded).toEqual([
      { sheet: sheetName, by: BEN, count: 3, heard: expect.any(String) },
    ]);
    expect(Date.parse(seen.stranded[0]!.heard!)).toBeLessThan(w.rt.clock.now() - 7 * DAY);
    const made = ana.remakePreviews(sheetName, BEN);
    expect(made).toMatchObject({ state: 'done', created: 3 });
    expect(records(book).map((r) => r['Requested by'])).toEqual([ANA, ANA, ANA]);
    expect(records(book).filter((r) => bens.includes(r['Preview UUID']!))).toEqual([]);

    const done = await sidebarOpen(ana, 3);
    expect(done).toMatchObject({ complete: 3, pending: 0, stranded: [] });
    expect(polls(book).filter((p) => p.key === KEYS.pro && bens.includes(p.uuid))).toEqual([]);
  });

  it('an ID nobody’s record knows is never asked about until I adopt it; then once, then offered to make again', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    const typed = '0badc0de-0000-4000-8000-000000000001';
    book.activeSheet.probe.rows = [
      ['Website', 'Preview status', 'Preview UUID'],
      ['typed-id.com', 'pending', typed],
      ['own-1.com', '', ''],
    ].map((r) => r.map((value) => ({ value })));
    const sheetName = book.activeSheet.probe.title;
    const ana = sidebar(w.rt, ANA);
    book.activeSheet.setActiveSelection('A3');
    ana.startPreviewsForSelection();
    // The sidebar stays open 10 minutes (40 polls), then closes for three hourly runs.
    const seen = await sidebarOpen(ana, 10);
    for (let h = 0; h < 3; h++) await w.elapse(HOUR);
    expect(polls(book).filter((p) => p.uuid === typed)).toHaveLength(0);
    expect(records(book)[0]!['Preview message']).toMatch(/^no poll asks about this preview ID/);
    expect(seen).toMatchObject({ stranded: [], unadopted: { rows: 1, ids: 1 } });

    const adopted = ana.adoptPreviewIds();
    expect(polls(book).filter((p) => p.uuid === typed)).toHaveLength(1);
    expect(records(book)[0]!['Preview message']).toMatch(/not a preview made with your key/);
    expect(adopted.stranded).toEqual([{ sheet: sheetName, by: '', count: 1, heard: null }]);
    await sidebarOpen(ana, 3);
    expect(polls(book).filter((p) => p.uuid === typed)).toHaveLength(1);

    expect(ana.remakePreviews(sheetName, '')).toMatchObject({ state: 'done', created: 1 });
    const row = records(book)[0]!;
    expect(row['Preview UUID']).not.toBe(typed);
    expect(row['Requested by']).toBe(ANA);
    expect((await sidebarOpen(ana, 3)).stranded).toEqual([]);
    expect(records(book).map((r) => r['Preview status'])).toEqual(['complete', 'complete']);
  });
});

describe('one Generate claim across people and run kinds', () => {
  /**
   * Ana watches a form (her trigger sends its new rows' previews, under her user lock: a trigger
   * has no document lock); Ben selects the same three new rows and presses Generate from his
   * sidebar (under the document lock). Ben's press pauses at `pauseAt` while Ana's trigger runs.
   */
  async function atOnce(pauseAt: { call: string; nth: number }, anaSkewMs = 0, full = false) {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    if (full) book.fillForeignDeveloperMetadata('another-script');
    const [ana, ben] = [sidebar(w.rt, ANA), sidebar(w.rt, BEN)];
    ben.saveSettings({ baseUrl: ana.getSettings().baseUrl, apiKey: KEYS.starter });
    w.rt.submitForm(FORM, answer('earlier.com', 'e@earlier.example'));
    expect(ana.saveLeadWatch(WATCH)).toMatchObject({ ok: true });
    for (const site of ['claim-a.com', 'claim-b.com', 'claim-c.com'])
      w.rt.submitForm(FORM, answer(site, `jo@${site}`), { events: 0 });
    const form = book.getSheetByName(FORM)!;
    form.activate();
    form.setActiveSelection('C3:C5');
    let trigger: unknown = 'not run';
    const press = w.rt.run('startPreviewsForSelection', [], {
      mode: 'sidebar',
      user: BEN,
      interleave: {
        at: pauseAt,
        run: () => {
          trigger = w.rt.run('onLeadResponse', [{ range: form.getRange(3, 1) }], {
            mode: 'trigger',
            user: ANA,
            clockSkewMs: anaSkewMs,
          });
        },
      },
    }) as { state: string };
    expect(trigger).not.toBe('not run');
    const posts = w.rt.fetchStats.log.filter(
      (l) => l.method === 'post' && l.url.includes('scan-preview'),
    );
    form.activate();
    const made = records(book)
      .slice(1)
      .map((r) => r['Requested by']);
    return { press: press.state, posts: posts.length, made, stats: await w.emu.stats() };
  }

  it('Ben’s press wrote its claim first: Ana’s trigger finds it held and leaves the rows, each sent once', async () => {
    const r = await atOnce({ call: 'Utilities.sleep', nth: 1 });
    expect(r).toMatchObject({ press: 'done', posts: 3, made: [BEN, BEN, BEN] });
    expect(r.stats.duplicatePreviews).toBe(0);
  });

  it('Ana’s trigger claims while Ben’s press is about to: his press, claiming after she let go, finds her row sent and sends the rest', async () => {
    const r = await atOnce({ call: 'Spreadsheet.addDeveloperMetadata', nth: 1 });
    // Her trigger's event delivered one row, the only lead of hers (the others came with no
    // event): she takes it, and his press sends the two left, each once.
    expect(r).toMatchObject({ press: 'done', posts: 3, made: [ANA, BEN, BEN] });
    expect(r.stats.duplicatePreviews).toBe(0);
  });

  /** At each of Ana's clock skews, her trigger and Ben's press send each of the three rows once. */
  async function eachRowOnce(
    pauseAt: { call: string; nth: number },
    skews: number[],
    full = false,
  ) {
    for (const skew of skews) {
      const r = await atOnce(pauseAt, skew, full);
      expect({ skew, posts: r.posts, duplicates: r.stats.duplicatePreviews }).toEqual({
        skew,
        posts: 3,
        duplicates: 0,
      });
      await w.close();
    }
  }

  // Another script filled the file's metadata: both runs keep their claims in the add-on's own
  // store, and still only one sends each row.
  it.each([
    ['settling', 'Utilities.sleep', 1],
    ['sending', 'UrlFetchApp.fetchAll', 1],
  ])(
    'in a file whose metadata another script filled, Ana’s trigger arriving while Ben’s claim is %s sends nothing twice',
    (_, call, nth) => eachRowOnce({ call, nth }, [-2000, 0, 2000], true),
    120_000,
  );

  // Executions run on machines whose clocks differ by up to seconds: Ana's trigger arrives at
  // each moment of Ben's claim (settling, just marked, sending, renewing) with a clock behind or
  // ahead of his. Whoever holds the document, each row is sent once.
  it.each([
    ['settling', 'Utilities.sleep', 1],
    ['just marked', 'SpreadsheetApp.flush', 2],
    ['sending', 'UrlFetchApp.fetchAll', 1],
    ['renewing at its write', 'Spreadsheet.getDeveloperMetadata', 6],
  ])(
    'with clocks apart, Ana’s trigger arriving while Ben’s claim is %s sends nothing twice',
    (_, call, nth) => eachRowOnce({ call, nth }, [-2000, -200, -50, 50, 200, 2000]),
    120_000,
  );
});
