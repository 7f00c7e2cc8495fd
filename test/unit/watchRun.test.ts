// One lead watch's run around the lead run itself, on the memory kit: the Generate claim, a
// renamed sheet, rows that arrive meanwhile, and what every editor then sees.
import { runWatchWith } from '../../src/addon/leads';
import type { LeadWatch } from '../../src/domain/leads';
import { FileSheet, fakeLeadPorts, LEAD_WATCH } from './fakes';

const LINK_WATCH: LeadWatch = { ...LEAD_WATCH, mode: 'link' };
const NOW = Date.UTC(2026, 10, 26, 9);

const form = (sites: string[], consent = 'No') => [
  ['Timestamp', 'Website', 'Email', 'Consent'],
  ...sites.map((s, i) => [new Date(NOW - 60_000 * (i + 1)), s, `lead@${s}`, consent]),
];

/**
 * A link watch's sheet of `rows` (renamed to `name`), its run's claims counted (none given where
 * another run is `busy`), and what the run saved, shared and logged.
 */
function watched(rows: unknown[][], over: { name?: string; busy?: boolean } = {}) {
  const { kit, sheet, store } = fakeLeadPorts(rows, {}, { now: NOW });
  // Renamed in its tab: the same sheet (its id kept) under a new name.
  if (over.name) {
    sheet.file.sheets.set(over.name, sheet.rows);
    sheet.file.sheets.delete(sheet.name);
  }
  const seen = { rounds: 0, renewals: 0, duringRound: (): void => undefined };
  const claim = kit.locks.claim;
  kit.locks.claim = (run, started) => {
    const held = over.busy ? null : claim(run, started);
    if (!held) return null;
    seen.rounds++;
    return {
      renew: () => (seen.renewals++, held.renew()),
      release: () => (held.release(), seen.duringRound()),
    };
  };
  const found = kit.tables.sheets().find((s) => s.name === (over.name ?? sheet.name))!;
  const live = over.name ? new FileSheet(sheet.file, over.name) : sheet;
  return {
    run: () => runWatchWith(kit, found, LINK_WATCH),
    seen,
    sheet: live,
    saved: () => store().mine(),
    shared: () => store().shared(),
    logs: () => kit.log.recent(10),
  };
}

it('handles the open rows under the claim, then counts them for every editor and logs the run', () => {
  const w = watched(form(['nike.com', 'slack.com']));
  w.run();
  expect(w.seen.rounds).toBe(1);
  expect(w.sheet.column('Lead status').every((s) => String(s) !== '')).toBe(true);
  expect(w.shared()).toHaveLength(1);
  expect(w.shared()[0]!.stats).toMatchObject({ handled: 2, total: { leads: 2 } });
  expect(w.logs()).toEqual([expect.objectContaining({ sheet: LINK_WATCH.sheetName, rows: 2 })]);
  expect(w.saved()).toEqual([]);
});

it('renews its claim before each e-mail: a run whose e-mails take minutes keeps it while it works', () => {
  const w = watched(form(['nike.com', 'slack.com', 'zoom.us'], 'Yes'));
  w.run();
  expect(w.sheet.column('Lead status')).toEqual(['e-mailed', 'e-mailed', 'e-mailed']);
  expect(w.seen.renewals).toBe(3);
});

it('follows a renamed sheet and says its new name', () => {
  const w = watched(form(['nike.com']), { name: 'Leads (renamed)' });
  w.run();
  expect(w.saved().map((x) => x.sheetName)).toEqual(['Leads (renamed)']);
  expect(w.logs()[0]!.sheet).toBe('Leads (renamed)');
});

it('another run holding the claim: nothing written, counted or logged (the rows wait for it)', () => {
  const w = watched(form(['nike.com']), { busy: true });
  w.run();
  expect(w.sheet.rows[0]).not.toContain('Lead status');
  expect([w.shared(), w.logs()]).toEqual([[], []]);
});

it('takes in the rows that arrived while it ran before it stops', () => {
  const w = watched(form(['nike.com']));
  w.seen.duringRound = () => {
    if (w.seen.rounds === 1) w.sheet.rows.push([new Date(NOW), 'zoom.us', 'lead@zoom.us', 'No']);
  };
  w.run();
  expect(w.seen.rounds).toBe(2);
  expect(w.sheet.column('Lead status')).toHaveLength(2);
  expect(w.sheet.column('Lead status').every((s) => String(s) !== '')).toBe(true);
});
