// Outreach on the built bundle: pitches written from a template for the selected rows only (as
// values, dates in the spreadsheet's time zone, a missing value named, an unknown placeholder
// refusing the run), prospects marked contacted, the follow-ups after brands move, templates kept
// for next time, and a schedule whose alert knows each brand's usual swing.
import { INDEX } from '../../dev/emulator/brandIndex';
import { formatDate } from '../../dev/gas-runtime/mail';
import type { Sheet, Value } from '../../dev/gas-runtime/spreadsheet';
import { DataValidationBuilder } from '../../dev/gas-runtime/validation';
import { records, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import { leaveFigures } from '../figures';

let w: World;
afterEach(() => w?.close());

const DAY = 24 * 3600 * 1000;
const indexed = INDEX.filter((b) => !b.domain.endsWith('.example'));
const title = (name: string) => w.rt.spreadsheet.sheets.find((s) => s.probe.title === name);

/** A sheet from a header row and rows of plain values. */
function put(sheet: Sheet, rows: Value[][]): void {
  sheet.probe.rows = rows.map((r) => r.map((value) => ({ value })));
}

const HEAD = [
  'Company',
  'Website',
  'Public score',
  'ChatGPT',
  'Claude',
  'Gemini',
  'AI Overviews',
  'Met',
  'Report URL',
];
// 23:30 UTC on the 3rd is already the 4th in Paris: dates are quoted in the spreadsheet's zone.
const MET = new Date('2026-11-03T23:30:00Z');

function prospects(): Sheet {
  const book = w.rt.spreadsheet;
  book.timeZone = 'Europe/Paris';
  const sheet = book.activeSheet;
  sheet.setName('Prospects');
  put(sheet, [
    HEAD,
    ['Acme', 'acme.com', 72, 80, 41, 41, '', MET, 'https://r.example/acme'],
    ['Beta', 'beta.com', 55, 60, 50, 70, 45, MET, ''],
    ['', '', '', '', '', '', '', '', ''],
    ['=Evil', '=evil.com', 10, 10, 10, 10, 10, MET, 'https://r.example/evil'],
    ['Outside', 'outside.com', 90, 90, 90, 90, 90, MET, 'https://r.example/out'],
  ]);
  // Public score shown with one decimal (Format > Number): a pitch quotes the cell as shown.
  sheet.range(2, 3, 5, 1).setNumberFormat('0.0');
  sheet.setActiveSelection('B2:B5');
  return sheet;
}

const TEMPLATE =
  'Hi {{First name}}, {Company} ({website}) scores {Public score}; {Weakest engine} is weakest at {Weakest engine score}. Met {Met}. {Report URL}';

describe('writePitches', () => {
  it('writes Pitch and Pitch message for the selected rows only, as values, in one write', async () => {
    w = await startWorld();
    const sheet = prospects();
    w.rt.resetCounts();
    const r = sidebar(w.rt).writePitches({ template: TEMPLATE });
    expect(r).toMatchObject({ state: 'done', written: 2, missing: 1 });
    const rows = records(sheet);
    expect(rows[0]).toMatchObject({
      Pitch:
        'Hi {{First name}}, Acme (acme.com) scores 72.0; Claude is weakest at 41. Met 2026-11-04. https://r.example/acme',
      'Pitch message': '',
    });
    expect(rows[1]).toMatchObject({ Pitch: '', 'Pitch message': 'missing: Report URL' });
    // The blank row and the row outside the selection are left alone.
    expect(rows[2]).toMatchObject({ Pitch: '', 'Pitch message': '' });
    expect(rows[4]).toMatchObject({ Pitch: '', 'Pitch message': '' });
    // A pitch that starts like a formula is text, never a formula.
    expect(rows[3]!.Pitch).toMatch(/^Hi \{\{First name\}\}, =Evil \(=evil\.com\)/);
    expect(sheet.probe.rows.flat().filter((c) => c.formula)).toEqual([]);
    // The headers at the table's right, one write for both columns, and the run log's headers and line.
    expect(sheet.probe.rows[0]!.map((c) => c.value).slice(-2)).toEqual(['Pitch', 'Pitch message']);
    expect(w.rt.sheetCalls().writes).toBe(4);
    expect(w.rt.counts['Range.getDisplayValues']).toBe(1);
  });

  it('in a filtered sheet, writes and marks only the rows the person sees', async () => {
    w = await startWorld();
    const sheet = prospects();
    sheet.probe.filterHiding([3]); // Beta is filtered out
    sheet.setActiveSelection('B2:B6');
    const r = sidebar(w.rt).writePitches({ template: '{Company}' });
    expect(r).toMatchObject({ state: 'done', written: 3, missing: 0 });
    expect(r.message).toMatch(/Left alone: 1 empty row and 1 row hidden by the filter\.$/);
    const marked = sidebar(w.rt).markContacted();
    expect(marked.marked).toBe(3);
    const rows = records(sheet);
    expect(rows.map((x) => [x.Company, x.Pitch, x.Contacted instanceof Date])).toEqual([
      ['Acme', 'Acme', true],
      ['Beta', '', false],
      ['', '', false],
      ['=Evil', '=Evil', true],
      ['Outside', 'Outside', true],
    ]);
  });

  it('writes 5,000 pitches with one read of values, one of what they show, and one write', async () => {
    w = await startWorld();
    const sheet = w.rt.spreadsheet.activeSheet;
    put(sheet, [
      ['Website', 'Public score', 'ChatGPT', 'Claude'],
      ...Array.from({ length: 5000 }, (_, i) => [
        `site-${i}.com`,
        i % 101,
        (i * 7) % 101,
        (i * 3) % 101,
      ]),
    ]);
    sheet.setActiveSelection('A1:A5001');
    w.rt.resetCounts();
    const r = sidebar(w.rt).writePitches({
      template: '{Website}: {Weakest engine} {Weakest engine score}',
    });
    expect(r).toMatchObject({ state: 'done', written: 5000, missing: 0 });
    expect(w.rt.counts['Range.getValues']).toBe(1); // the list (the new run log is empty)
    expect(w.rt.counts['Range.getDisplayValues']).toBe(1);
    // The list's headers and its pitches, then the run log's headers and line.
    expect(w.rt.sheetCalls().writes).toBe(4);
    // ChatGPT 4999 x 7 mod 101 = 47, Claude 4999 x 3 mod 101 = 49.
    expect(records(sheet)[4999]!.Pitch).toBe('site-4999.com: ChatGPT 47');
    w.rt.resetCounts();
    expect(sidebar(w.rt).markContacted().marked).toBe(5000);
    expect(w.rt.sheetCalls().writes).toBe(3); // its headers, its values, and the log line
    const log = records(title('Visibility log')!).map((x) => x.Action);
    expect(log).toEqual(['pitches', 'mark contacted']);
  });

  it('refuses a template with an unknown placeholder before writing anything', async () => {
    w = await startWorld();
    const sheet = prospects();
    const before = JSON.stringify(sheet.probe.rows);
    w.rt.resetCounts();
    const r = sidebar(w.rt).writePitches({ template: 'Hi {Frist name}, {Website}' });
    expect(r).toMatchObject({ state: 'refused', written: 0, missing: 0 });
    expect(r.message).toMatch(/\{Frist name\} is neither a column header of this sheet/);
    expect(JSON.stringify(sheet.probe.rows)).toBe(before);
    expect(w.rt.sheetCalls().writes).toBe(0);
  });

  it('previews the first three selected rows and writes nothing', async () => {
    w = await startWorld();
    const sheet = prospects();
    sheet.setActiveSelection('A2:A6');
    const before = JSON.stringify(sheet.probe.rows);
    const p = sidebar(w.rt).previewPitches({ template: '{Company}: {Report URL}' });
    expect(p.rows).toEqual([
      { row: 2, pitch: 'Acme: https://r.example/acme', missing: [] },
      { row: 3, pitch: null, missing: ['Report URL'] },
      { row: 5, pitch: '=Evil: https://r.example/evil', missing: [] },
    ]);
    expect(JSON.stringify(sheet.probe.rows)).toBe(before);
  });

  it('offers the sheet’s placeholders and keeps the user’s templates for next time', async () => {
    w = await startWorld();
    prospects();
    const view = sidebar(w.rt).getOutreach();
    expect(view.placeholders).toEqual([
      ...HEAD,
      'Weakest engine',
      'Weakest engine score',
      'Strongest engine',
      'Strongest engine score',
    ]);
    expect(view.starters.map((t) => t.name)).toEqual([
      'Cold introduction',
      'Agency audit offer',
      'Re-engagement after a move',
    ]);
    expect(sidebar(w.rt).savePitchTemplate({ name: 'Mine', text: TEMPLATE })).toMatchObject({
      ok: true,
    });
    // Another spreadsheet, another day: the template follows the user.
    expect(sidebar(w.rt).getOutreach().saved).toEqual([{ name: 'Mine', text: TEMPLATE }]);
    expect(sidebar(w.rt).deletePitchTemplate('Mine').saved).toEqual([]);
  });
});

/** The rows of the follow-ups as a user sees them (a rebuild leaves blank cells, not rows). */
const followUps = () => records(title('Follow-ups')!).filter((r) => r.Sheet !== '');

/** Scores the selected websites through the service, as the Scores tab does, to the end. */
function scoreAll(): void {
  for (let i = 0; i < 10; i++)
    if (sidebar(w.rt).scoreSelection({ refresh: 'all' }).state !== 'partial') return;
}

describe('contacted prospects and their follow-ups', () => {
  it('marks contacted with the score at contact; a week later lists those that moved, largest first', async () => {
    w = await startWorld();
    const brands = indexed.slice(0, 6);
    const sheet = w.rt.spreadsheet.activeSheet;
    sheet.setName('Prospects');
    put(sheet, [['Company', 'Website'], ...brands.map((b) => [b.brandName, b.domain])]);
    sheet.setActiveSelection('B2:B7');
    scoreAll();
    sheet.setActiveSelection('A2:A5'); // four of six contacted
    const marked = sidebar(w.rt).markContacted();
    expect(marked).toMatchObject({ state: 'done', marked: 4 });
    const at = records(sheet);
    for (const r of at.slice(0, 4)) {
      expect(r.Contacted).toBeInstanceOf(Date);
      expect(r['Score at contact']).toBe(r['Public score']);
    }
    expect(at[4]!.Contacted).toBe('');

    // A week later: two contacted brands move by 25 and 12, one by 4, an uncontacted one by 30.
    await w.elapse(7 * DAY);
    const moved = (i: number, by: number) => ({
      brand: brands[i]!.domain,
      overallScore:
        brands[i]!.overallScore > 50 ? brands[i]!.overallScore - by : brands[i]!.overallScore + by,
      lastScanDate: '2026-12-01T06:00:00.000Z',
    });
    await w.emu.moveBrands([moved(0, 12), moved(1, 25), moved(2, 4), moved(5, 30)]);
    sheet.setActiveSelection('B2:B7');
    scoreAll();
    const f = sidebar(w.rt).refreshFollowUps();
    expect(f).toMatchObject({ state: 'done', rows: 2 });
    expect(f.message).toMatch(/^2 of the 4 contacted prospects moved by 10 points or more/);
    const follow = followUps();
    expect(
      follow.map((r) => [r.Sheet, r.Website, Math.abs(Number(r['Change since contact']))]),
    ).toEqual([
      ['Prospects', brands[1]!.domain, 25],
      ['Prospects', brands[0]!.domain, 12],
    ]);
    expect(follow[0]!.Contacted).toBeInstanceOf(Date);
    expect(
      title('Follow-ups')!
        .probe.rows.flat()
        .filter((c) => c.formula),
    ).toEqual([]);

    // A smaller threshold is remembered for the file; a rebuild drops rows that no longer qualify.
    expect(sidebar(w.rt).refreshFollowUps({ minChange: 3 }).rows).toBe(3);
    expect(sidebar(w.rt).getOutreach().minChange).toBe(3);
    expect(sidebar(w.rt).refreshFollowUps({ minChange: 20 }).rows).toBe(1);
    expect(followUps()).toHaveLength(1);
    expect(sidebar(w.rt).refreshFollowUps({ minChange: -1 }).state).toBe('refused');
  });

  it('says so when nobody is contacted yet, and makes no sheet', async () => {
    w = await startWorld();
    put(w.rt.spreadsheet.activeSheet, [['Website'], ['acme.com']]);
    expect(sidebar(w.rt).refreshFollowUps().state).toBe('nothing');
    expect(title('Follow-ups')).toBeUndefined();
  });
});

describe('a schedule whose alert knows each brand’s usual swing', () => {
  it('over six days: a brand swinging by 8 daily is quiet (the default band, then its own swing), a steady brand moving 6 is news once', async () => {
    w = await startWorld();
    const [swinging, steady] = [indexed[0]!, indexed[1]!];
    const book = w.rt.spreadsheet;
    book.timeZone = 'Europe/Paris';
    const sheet = book.activeSheet;
    sheet.setName('Prospects');
    put(sheet, [
      ['Company', 'Website'],
      [swinging.brandName, swinging.domain],
      [steady.brandName, steady.domain],
    ]);
    // Start at 00:30 Paris time, whatever day the machine's clock says.
    const now = new Date(w.rt.clock.now());
    const h = Number(formatDate(now, 'Europe/Paris', 'H'));
    const m = Number(formatDate(now, 'Europe/Paris', 'm'));
    w.rt.advance((((24 - h) % 24) * 60 - m + 30) * 60000);
    // Scored and contacted first; follow-ups from 5 points, remembered for the schedule's rebuilds.
    sheet.setActiveSelection('B2:B3');
    scoreAll();
    sidebar(w.rt).markContacted();
    sidebar(w.rt).refreshFollowUps({ minChange: 5 });
    const saved = sidebar(w.rt).saveSchedule({
      action: 'refreshScores',
      sheetName: 'Prospects',
      every: 'day',
      hour: 9,
      refresh: 'all',
      alert: { email: true, minChange: 5, unusualOnly: true },
    });
    expect(saved.schedule?.alert).toEqual({ email: true, minChange: 5, unusualOnly: true });
    const base = { swinging: swinging.overallScore, steady: steady.overallScore };
    const evidence = () =>
      Object.fromEntries(records(sheet).map((r) => [r.Website, String(r.Evidence)]));
    const cells: Array<Record<string, string>> = [];
    for (let day = 1; day <= 6; day++) {
      // Each morning both brands are rescanned: one swings by 8, the other holds but on day 5.
      const swing = day % 2 ? 8 : 0;
      await w.emu.moveBrands([
        {
          brand: swinging.domain,
          overallScore: base.swinging + swing, // up: Acme is at 0, and a score below 0 is impossible
          lastScanDate: `2026-12-0${day}T06:00:00.000Z`,
        },
        {
          brand: steady.domain,
          overallScore: base.steady + (day >= 5 ? 6 : 0),
          lastScanDate: `2026-12-0${day}T06:00:00.000Z`,
        },
      ]);
      await w.elapse(DAY);
      cells.push(evidence());
    }
    const digests = w.rt.mail.sent.map((m) => m.body.split('\n').filter((l) => l.startsWith('- ')));
    // Days 1 to 3: too few readings for the brand's own swing, and 8 is within the default band
    // of 5 (past it is more than 10); from day 4 its own swing is 8, and 8 is within it.
    expect(cells[0]![swinging.domain]).toMatch(
      /\+8 within ±5, the range used until it has 4 readings of its own \(it has 1\)/,
    );
    expect(cells[3]![swinging.domain]).toMatch(/-8 within its usual swing of 8 \(4 readings\)/);
    // Day 5: the steady brand's 6 is news, past its usual swing of 0: one e-mail, one line, which
    // says what the score rests on. Day 6 holds at +6: no move, no second e-mail.
    expect(digests).toEqual([
      [expect.stringContaining(`${steady.brandName} (${steady.domain}): `)],
    ]);
    expect(digests[0]![0]).toMatch(
      /\(\+6\), .*; Prospects row 3\. Scan 2026-12-05, less than a day old; .*engines answered.*; \+6 unusual: it usually moves by 0 \(5 readings\); unusual on ChatGPT \+6, Claude \+6, Gemini \+6, AI Overviews \+6$/,
    );
    expect(cells[4]![steady.domain]).toMatch(/\+6 unusual: it usually moves by 0/);
    expect(cells[5]![steady.domain]).not.toMatch(/unusual/);
    // The same days with the fixed threshold would have mailed the swinging brand every day.
    const history = records(title('Score history')!).filter((r) => r.Website === swinging.domain);
    expect(history.length).toBeGreaterThanOrEqual(5);
    // The day-6 refresh rebuilt the follow-ups: the swinging brand is back at its score when
    // contacted; the steady one moved by 6 since.
    expect(followUps().map((r) => [r.Website, r['Change since contact']])).toEqual([
      [steady.domain, 6],
    ]);
    leaveFigures('A schedule with unusual-only alerts over six days', {
      'e-mails': digests.length,
      'lines in the e-mail': digests[0]!.length,
      'readings of the swinging brand': history.length,
    });
  }, 60000);
});

describe('a team’s data validation on the columns the add-on writes', () => {
  const VIOLATES = /violates the data validation rules/;

  /** Scored prospects whose `Contacted` column a teammate made checkboxes (V2). */
  async function checkboxes(allowInvalid: boolean): Promise<Sheet> {
    w = await startWorld();
    const sheet = w.rt.spreadsheet.activeSheet;
    sheet.setName('Prospects');
    put(sheet, [
      ['Company', 'Website', 'Contacted'],
      ...indexed.slice(0, 3).map((b) => [b.brandName, b.domain, false]),
    ]);
    sheet.setActiveSelection('B2:B4');
    scoreAll();
    const rule = new DataValidationBuilder().requireCheckbox().setAllowInvalid(allowInvalid);
    sheet.getRange('C2:C4').setDataValidation(rule.build());
    sheet.setActiveSelection('A2:A3');
    return sheet;
  }

  it('a rejecting checkbox: the score at contact is written, and the run says what the column accepts, not Google’s words', async () => {
    const sheet = await checkboxes(false);
    const { message } = sidebar(w.rt).markContacted();
    expect(message).not.toMatch(VIOLATES);
    expect(message).toMatch(
      /^2 rows marked contacted, with the score at contact\. Some cells were not written: the `Contacted` column only accepts checkboxes: rows 2, 3 kept what they had\. Everything else was written\./,
    );
    // A run nobody watches says it in the Visibility log.
    expect(sidebar(w.rt).getRunLog()[0]).toMatchObject({
      action: 'cells not written',
      errors: 2,
      result: expect.stringMatching(/^Some cells were not written: the `Contacted` column/),
    });
    const rows = records(sheet);
    expect(rows.map((r) => r.Contacted)).toEqual([false, false, false]);
    expect(rows.slice(0, 2).map((r) => r['Score at contact'])).toEqual(
      rows.slice(0, 2).map((r) => r['Public score']),
    );
    expect(rows[2]!['Score at contact']).toBe('');
  });

  it('a rule that only warns is written over, as Google lets it be', async () => {
    const sheet = await checkboxes(true);
    expect(sidebar(w.rt).markContacted()).toMatchObject({ state: 'done', marked: 2 });
    expect(records(sheet)[0]!.Contacted).toBeInstanceOf(Date);
  });
});
