// `npm start`: the built add-on in the local Apps Script runtime, against the bundled service
// emulator, on a sample prospect sheet — run as a user would. Flags:
//   --csv FILE          another prospect sheet (a Website column is required)
//   --base-url URL      a real service instead of the emulator (with --key)
//   --key KEY           the API key (default: the emulator's pro partner demo key)
//   --time-scale N      the emulator's clock speed (default 60: a 90 s preview takes 1.5 s)
//   --out FILE          where the filled sheet goes (default out/prospects.csv); the scan monitor
//                       goes beside it as scan-monitor.csv
// Output to a terminal has colour and live progress bars; piped or redirected, plain lines.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exitQuietlyOn, flags, interactive, positiveNumber } from './args';
import { detectSeparator, parseCsv } from './gas-runtime/csv';
import { deckHtml } from './gas-runtime/slides';
import { spawnEmulator, type EmulatorProcess } from './emulator/process';
import { GasRuntime } from './gas-runtime/runtime';
import { columnLetter } from './gas-runtime/a1';
import { display } from './gas-runtime/spreadsheet';
import { counted } from '../src/contract/words';

const args = flags(
  'npm start -- [--csv FILE] [--base-url URL --key KEY] [--time-scale N] [--out FILE]',
  {
    csv: path.join(__dirname, 'sample', 'prospects.csv'),
    out: path.join('out', 'prospects.csv'),
    'time-scale': '60',
    'base-url': undefined,
    key: 'demo-pro-key',
  },
  [],
  { 'time-scale': positiveNumber },
);

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/**
 * The story's length: two weeks of refreshes, schedules and follow-ups (and the emulator's faster
 * clock meanwhile). It is told from that long ago, so it ends today and no date it writes lies
 * after the day it runs.
 */
const STORY_MS = 15 * DAY + 3 * HOUR;
/** A week's move of a brand's score: a few points, now and then a big one (said as such). */
const WEEKLY_MOVES = [3, -2, 5, -4, 2, -12, 4, -3, 11, -5, 2, -14, 6, 1];
const BIG_MOVE = 10;
const moved = (from: number, i: number) =>
  Math.max(0, Math.min(100, from + WEEKLY_MOVES[i % WEEKLY_MOVES.length]!));
/** The rare big move, worth a follow-up: a dozen points, toward the middle of the scale. */
const bigMove = (from: number) => (from >= 50 ? from - 12 : from + 12);
const moveWords = (m: { brand: string; from: number; to: number; change: number }) =>
  `${m.brand}: ${m.from} → ${m.to} (${m.change > 0 ? '+' : ''}${m.change}${Math.abs(m.change) >= BIG_MOVE ? ', a rare big move' : ''})`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const step = (n: number, text: string) =>
  console.log(interactive ? `\n\x1b[1m${n}. ${text}\x1b[0m` : `\n${n}. ${text}`);

/** A line that redraws itself at a terminal; piped, only the last state is printed. */
function progress(text: string, last: boolean): void {
  if (interactive) process.stdout.write(`\r  ${text}   ${last ? '\n' : ''}`);
  else if (last) console.log(`  ${text}`);
}

/** The sheet's header row and data, refused in one line before anything starts. */
function readProspects(csvPath: string): { csv: string; websiteCol: number } {
  if (!existsSync(csvPath))
    throw new Error(`${csvPath}: no such file (--csv FILE names the sheet).`);
  const csv = readFileSync(csvPath, 'utf8');
  const [head = [], ...rows] = parseCsv(csv);
  const websiteCol = head.findIndex((h) => h.trim().toLowerCase() === 'website') + 1;
  if (websiteCol === 0) {
    // A column a list of sites is often headed by: named, so the fix is one rename away.
    const likely = head.find((h) =>
      /^(url|urls|domain|domains|site|sites|web ?site ?url|homepage)$/i.test(h.trim()),
    );
    throw new Error(
      `${csvPath} has no "Website" column in its first row (found: ${head.join(', ') || 'nothing'}): ${likely ? `rename "${likely.trim()}" to Website` : 'name the column that holds the websites Website'}, then run it again.`,
    );
  }
  if (!rows.some((r) => (r[websiteCol - 1] ?? '').trim()))
    throw new Error(`${csvPath} has no websites under its "Website" header: add one per row.`);
  return { csv, websiteCol };
}

function progressBar(done: number, pending: number, failed: number): string {
  const total = Math.max(1, done + pending + failed);
  const width = 30;
  const d = Math.round((width * done) / total);
  const f = Math.round((width * failed) / total);
  return `[${'#'.repeat(d)}${'x'.repeat(f)}${'.'.repeat(Math.max(0, width - d - f))}] ${done} complete, ${pending} pending, ${failed} failed or not sent`;
}

function printTable(
  rt: GasRuntime,
  sheetName: string,
  columns: string[],
  limit: number,
  cut = 34,
): void {
  const sheet = rt.spreadsheet.sheets.find((s) => s.probe.title === sheetName)!;
  const head = sheet.probe.rows[0]!.map((c) => String(c.value));
  const idx = columns.map((c) => head.indexOf(c)).filter((i) => i >= 0);
  const rows = sheet.probe.rows
    .slice(0, limit + 1)
    .map((r) => idx.map((i) => display(r[i]?.value ?? '').slice(0, cut)));
  const widths = idx.map((_, k) => Math.max(...rows.map((r) => r[k]!.length)));
  rows.forEach((r, n) => {
    console.log(('  ' + r.map((v, k) => v.padEnd(widths[k]!)).join('  ')).trimEnd());
    if (n === 0) console.log('  ' + widths.map((w) => '-'.repeat(w)).join('  '));
  });
  if (sheet.probe.rows.length - 1 > limit)
    console.log(`  … ${sheet.probe.rows.length - 1 - limit} more rows in the file`);
}

type Sheet = ReturnType<GasRuntime['spreadsheet']['importCsv']>;

/** The row's public score as the list shows it (50 where it has none yet). */
function publicScore(sheet: Sheet, row: number): number {
  const head = sheet.probe.rows[0]!.map((c) => String(c.value));
  const value = sheet.probe.rows[row - 1]?.[head.indexOf('Public score')]?.value;
  return typeof value === 'number' ? value : 50;
}

/** Pitches from a starter template, two prospects marked contacted, a week later the follow-ups. */
async function outreach(rt: GasRuntime, emu: EmulatorProcess, sheet: Sheet, websites: string) {
  step(
    9,
    'Outreach: a pitch per prospect ("Cold introduction"), two marked contacted, a week later the follow-ups',
  );
  const { starters } = rt.runFromSidebar('getOutreach') as {
    starters: Array<{ name: string; text: string }>;
  };
  const cold = starters.find((t) => t.name === 'Cold introduction')!;
  sheet.setActiveSelection(websites);
  const pitched = rt.runFromSidebar('writePitches', [{ template: cold.text }]) as {
    message: string;
  };
  console.log(`  ${pitched.message}`);
  const head = sheet.probe.rows[0]!.map((c) => String(c.value));
  console.log(`  row 2: ${String(sheet.probe.rows[1]![head.indexOf('Pitch')]?.value ?? '')}`);
  // Two prospects contacted (one, on a one-row list).
  const contacted = [2, 3].filter((row) => row <= sheet.probe.filledRows());
  const [first, second] = contacted.map((row) => {
    const site = String(sheet.probe.rows[row - 1]![head.indexOf('Website')]?.value ?? '');
    return site.replace(/^https?:\/\/(www\.)?/, '').replace(/\/.*$/, '');
  });
  sheet.setActiveSelection(websites.replace(/\d+:([A-Z]+)\d+$/, `2:$1${contacted.at(-1)}`));
  console.log(`  ${(rt.runFromSidebar('markContacted') as { message: string }).message}`);
  const week = 7 * 24 * 3600 * 1000;
  rt.advance(week);
  await emu.advance(week);
  // The first moved a lot (a rare big move, worth a follow-up), the second a little.
  const moves = contacted.map((row, i) => ({
    brand: [first, second][i]!,
    overallScore: i === 0 ? bigMove(publicScore(sheet, row)) : moved(publicScore(sheet, row), 1),
    lastScanDate: new Date(rt.clock.now()).toISOString(),
  }));
  await emu.moveBrands(moves);

  sheet.setActiveSelection(websites);
  rt.runFromSidebar('scoreSelection', [{ refresh: 'stale' }]);
  console.log(
    `  a week later: ${(rt.runFromSidebar('refreshFollowUps') as { message: string }).message}`,
  );
  printTable(
    rt,
    'Follow-ups',
    ['Website', 'Score at contact', 'Public score', 'Change since contact'],
    5,
  );
}

/**
 * A "free AI-visibility report" form: its responses sheet watched, four leads arriving (one
 * without consent, one with a mistyped address), each handled within its form-submit event.
 */
async function leadMagnet(rt: GasRuntime, timeScale: number): Promise<void> {
  step(11, 'Lead magnets: a form’s responses get their report, and consenting leads the link');
  const form = 'Form Responses 1';
  const answer = (name: string, site: string, email: string, consent: string) => ({
    Name: name,
    Website: site,
    'Work e-mail': email,
    'May we e-mail you the report?': consent,
  });
  const list = rt.spreadsheet.activeSheet;
  rt.submitForm(form, answer('Earlier', 'hubspot.com', 'kim@hubspot.example', 'Yes'));
  const saved = rt.runFromSidebar('saveLeadWatch', [
    {
      sheetName: form,
      website: 'Website',
      email: 'Work e-mail',
      consent: 'May we e-mail you the report?',
      mode: 'preview',
    },
  ]) as { message: string };
  console.log(`  ${saved.message}`);
  const sent = rt.mail.sent.length;
  rt.submitForm(form, answer('Jo', 'https://www.nike.com/', 'jo@nike.example', 'Yes'));
  rt.submitForm(form, answer('Pat', 'stripe.com', 'pat@stripe.example', 'No'));
  rt.submitForm(form, answer('Sam', 'slack.com', 'sam@slack', 'Yes'));
  rt.submitForm(form, answer('Lee', 'rosies-bakery.com', 'lee@rosies.example', 'Yes'));
  const mails = rt.mail.sent.slice(sent);
  console.log(
    `  4 responses arrived; ${mails.length} e-mails went out at once, each within its event.`,
  );
  const [first] = mails;
  if (first) {
    console.log(`  To ${first.to}: ${first.subject}`);
    for (const line of first.body.split('\n')) console.log(`  | ${line}`);
  }
  // The scores fill in as previews complete: the hourly run (or an open sidebar) polls them.
  for (let i = 0; i < 3; i++) {
    await sleep(Math.max(50, 3600000 / timeScale / 60));
    rt.advance(3600 * 1000);
  }
  printTable(
    rt,
    form,
    ['Name', 'Website', 'Lead status', 'Preview status', 'Preview scan score'],
    10,
  );
  list.activate();
}

async function main(): Promise<void> {
  const started = Date.now();
  const csvPath = args.csv!;
  const outPath = args.out!;
  const timeScale = Number(args['time-scale']);
  const { csv, websiteCol } = readProspects(csvPath);
  if (process.argv.includes('--key') && !args['base-url'])
    throw new Error(
      '--key goes with --base-url (a real service); the emulator has its own demo keys.',
    );
  const separator = detectSeparator(csv);
  let emu: EmulatorProcess | null = null;
  let baseUrl = args['base-url'];
  if (!baseUrl) {
    emu = await spawnEmulator(['--time-scale', String(timeScale)]);
    baseUrl = emu.baseUrl;
    await emu.advance(-STORY_MS);
  }
  exitQuietlyOn(async () => emu?.stop());
  const key = args.key!;
  const rt = new GasRuntime({
    distDir: path.resolve('dist'),
    extraAllowlist: [`${baseUrl.replace(/\/+$/, '')}/`],
  });
  // A real service's dates are real: only the emulator's story is told from the past.
  if (emu) rt.clock.startAt(Date.now() - STORY_MS);
  try {
    step(1, `Sheet in: ${csvPath}`);
    const sheet = rt.spreadsheet.importCsv('Prospects', csv);
    rt.spreadsheet.sheets = [sheet];
    sheet.activate();
    const lastRow = sheet.probe.filledRows();
    console.log(
      `  ${counted(lastRow - 1, 'prospect')}; service ${emu ? `emulator at ${baseUrl} (clock ×${timeScale})` : baseUrl}`,
    );

    step(2, 'Open the sheet: the add-on menu');
    rt.run('onOpen', [{ authMode: 'LIMITED' }], { mode: 'simple-trigger' });
    for (const m of rt.ui.menus)
      console.log(`  ${m.title}: ${m.items.map((i) => i.caption).join(' · ')}`);

    step(3, 'Settings, through the sidebar: save the key, test the connection');
    rt.run('showSidebar');
    const settings = rt.runFromSidebar('saveSettings', [
      { apiKey: key, baseUrl, allowFormulasToUseKey: true },
    ]) as { maskedKey: string };
    const test = rt.runFromSidebar('testConnection') as { message: string };
    console.log(`  key ${settings.maskedKey} saved; ${test.message}`);

    step(4, 'One formula fills the score column');
    const scoreCol = sheet.lastColumn() + 1;
    const formula = `=VIS_SCORE(${columnLetter(websiteCol)}2:${columnLetter(websiteCol)}${lastRow})`;
    sheet.probe.place(1, scoreCol, { value: 'Formula score' });
    sheet.probe.place(2, scoreCol, { value: '', formula });
    rt.resetCounts();
    let t = Date.now();
    rt.recalculate();
    console.log(
      `  ${formula}: ${rt.fetchStats.requests} requests in ${rt.fetchStats.fetchAllCalls} round trip(s), ${Date.now() - t} ms`,
    );
    rt.resetCounts();
    t = Date.now();
    rt.recalculate();
    console.log(
      `  recalculated: ${rt.fetchStats.requests} requests (cached), ${Date.now() - t} ms`,
    );

    step(5, 'Select the websites and press "Generate previews" in the sidebar');
    sheet.setActiveSelection(`${columnLetter(websiteCol)}1:${columnLetter(websiteCol)}${lastRow}`);
    const summary = rt.runFromSidebar('getSelectionSummary') as {
      a1: string;
      urls: number;
      willSend: number;
      invalid: number;
    };
    console.log(
      `  selection ${summary.a1}: ${summary.urls} websites, ${summary.willSend} to send, ${summary.invalid} not valid (previews cost no credits)`,
    );
    let request: unknown;
    for (;;) {
      const r = rt.runFromSidebar('startPreviewsForSelection', request ? [request] : []) as {
        state: string;
        message: string;
        request: unknown;
      };
      console.log(`  ${r.message}`);
      if (r.state !== 'partial') break;
      request = r.request;
    }

    step(
      6,
      'Scores fill in as previews complete (the sidebar polls every 10 s; the trigger is the safety net)',
    );
    for (let i = 0; i < 60; i++) {
      await sleep(Math.max(50, 10000 / timeScale));
      rt.advance(10000);
      const p = rt.runFromSidebar('pollPendingPreviews') as {
        pending: number;
        complete: number;
        failed: number;
        notSent: number;
      };
      progress(
        progressBar(p.complete, p.pending, p.failed + p.notSent),
        p.pending === 0 || i === 59,
      );
      if (p.pending === 0) break;
    }
    console.log(
      `  poll trigger left installed: ${rt.triggers.list.length === 0 ? 'none (nothing pending)' : rt.triggers.list.length}`,
    );

    step(
      7,
      'Score the list into values (Scores tab), then a week later check again the rows not checked lately',
    );
    const websites = `${columnLetter(websiteCol)}1:${columnLetter(websiteCol)}${lastRow}`;
    sheet.setActiveSelection(websites);
    const scored = rt.runFromSidebar('scoreSelection', [{ refresh: 'missing' }]) as {
      state: string;
      message: string;
    };
    console.log(`  ${scored.message}`);
    // A run that reached no service is not a demo that worked.
    if (scored.state === 'refused') process.exitCode = 1;
    if (emu) {
      // Both clocks move: the add-on's and the service's.
      rt.advance(8 * 24 * 3600 * 1000);
      await emu.advance(8 * 24 * 3600 * 1000);
      const sites = sheet.probe.rows.slice(1).map((r) => String(r[websiteCol - 1]?.value ?? ''));
      const moves = sites.slice(0, 8).map((site, i) => ({
        brand: site.replace(/^https?:\/\/(www\.)?/, '').replace(/\/.*$/, ''),
        overallScore: moved(publicScore(sheet, i + 2), i),
        lastScanDate: new Date(rt.clock.now() - 24 * 3600 * 1000).toISOString(),
      }));
      console.log(`  eight days later the service rescanned ${await emu.moveBrands(moves)} brands`);
      sheet.setActiveSelection(websites);
      const refreshed = rt.runFromSidebar('scoreSelection', [{ refresh: 'stale' }]) as {
        message: string;
        movers: Array<{ brand: string; from: number; to: number; change: number }>;
      };
      console.log(`  ${refreshed.message}`);
      for (const m of refreshed.movers.slice(0, 5)) console.log(`    ${moveWords(m)}`);
    }

    if (emu) {
      step(
        8,
        'A daily schedule with alerts: the next firing refreshes the list and e-mails what moved',
      );
      const hour = new Date(rt.clock.now()).getUTCHours();
      const saved = rt.runFromSidebar('saveSchedule', [
        {
          action: 'refreshScores',
          sheetName: 'Prospects',
          every: 'day',
          hour,
          refresh: 'all',
          alert: { email: true, minChange: 10 },
        },
      ]) as { message: string };
      console.log(`  ${saved.message} (every day at ${hour}:00 UTC)`);
      const sites = sheet.probe.rows.slice(1).map((r) => String(r[websiteCol - 1]?.value ?? ''));
      const rescanned = await emu.moveBrands(
        sites.slice(10, 16).map((site, i) => ({
          brand: site.replace(/^https?:\/\/(www\.)?/, '').replace(/\/.*$/, ''),
          overallScore: moved(publicScore(sheet, i + 12), i + 8),
          lastScanDate: new Date(rt.clock.now()).toISOString(),
        })),
      );
      console.log(`  meanwhile the service rescanned ${rescanned} brands; an hour passes…`);
      await emu.advance(3600 * 1000);
      rt.advance(3600 * 1000);
      const mail = rt.mail.sent.at(-1);
      if (mail) {
        console.log(`  The e-mail it would send to ${mail.to}:`);
        console.log(`  Subject: ${mail.subject}`);
        for (const line of mail.body.split('\n')) console.log(`  | ${line}`);
      } else console.log('  Nothing moved enough for an e-mail.');
      rt.runFromSidebar('deleteSchedule', [
        (rt.runFromSidebar('getSchedules') as Array<{ id: string }>)[0]!.id,
      ]);
    }

    if (emu) await outreach(rt, emu, sheet, websites);

    mkdirSync(path.dirname(outPath), { recursive: true });
    step(
      10,
      'Scan monitor: watch brand agents, rescan one, keep the previous result until the new one',
    );
    rt.runFromSidebar('openScanMonitor');
    const monitor = rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
    [1001, 1002, 1003, 1004, 1005].forEach((id, i) => monitor.probe.place(i + 2, 1, { value: id }));
    console.log(`  ${(rt.runFromSidebar('pollScanMonitor') as { message: string }).message}`);
    monitor.setActiveSelection('A2:A4');
    console.log(`  ${(rt.runFromSidebar('rescanSelected') as { message: string }).message}`);
    for (let i = 0; i < 40; i++) {
      await sleep(Math.max(50, 45000 / timeScale));
      rt.advance(45000);
      const m = rt.runFromSidebar('pollScanMonitor') as { running: number; message: string };
      progress(m.message, m.running === 0 || i === 39);
      if (m.running === 0) break;
    }
    printTable(
      rt,
      'Scan monitor',
      [
        'Brand agent ID',
        'Scan state',
        'Overall score',
        'ChatGPT',
        'Claude',
        'Gemini',
        'AI Overviews',
        'Scan message',
      ],
      10,
      Infinity,
    );
    const monitorOut = path.join(path.dirname(outPath), 'scan-monitor.csv');
    writeFileSync(monitorOut, rt.spreadsheet.exportCsv('Scan monitor', separator));

    if (emu) await leadMagnet(rt, timeScale);

    if (emu) {
      step(12, 'A report deck for the first scored brand, its next three rows as competitors');
      const scoreAt = sheet.probe.rows[0]!.findIndex((c) => c.value === 'Public score');
      const first = sheet.probe.rows.findIndex(
        (r, i) => i > 0 && typeof r[scoreAt]?.value === 'number',
      );
      if (first > 0) {
        sheet.activate();
        sheet.setActiveSelection(`A${first + 1}:A${first + 4}`);
        const made = rt.runFromSidebar('makeReport', [{ weeks: 4 }]) as { message: string };
        console.log(`  ${made.message}`);
        const deck = [...rt.slides.decks.values()].at(-1);
        if (deck) {
          const reportOut = path.join(path.dirname(outPath), 'report.html');
          writeFileSync(reportOut, deckHtml(deck));
          console.log(
            `  Pictured in ${path.resolve(reportOut)} (the runtime's model of each slide).`,
          );
        }
      }
    }

    step(13, 'The filled sheet');
    writeFileSync(outPath, rt.spreadsheet.exportCsv('Prospects', separator));
    printTable(
      rt,
      'Prospects',
      [
        'Company',
        'Public score',
        'Change',
        'Preview status',
        'Preview scan score',
        'Knowledge score',
        'Sentiment score',
      ],
      15,
    );
    console.log(
      `\n  Written to ${path.resolve(outPath)} and ${path.resolve(monitorOut)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await rt.close();
    await emu?.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
