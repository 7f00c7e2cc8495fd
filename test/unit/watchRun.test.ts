// One lead watch's run around the lead run itself, through its sheet's ports in memory: the
// Generate claim, a renamed sheet, rows that arrive meanwhile, and what every editor then sees.
import { runWatchWith, type WatchedSheetPorts } from '../../src/addon/leads';
import type { LogLine } from '../../src/contract/schedules';
import type { LeadWatch } from '../../src/domain/leads';
import type { SharedWatch } from '../../src/gas/leadStore';
import { FakeSheet, fakeLeadPorts, LEAD_WATCH } from './fakes';

const LINK_WATCH: LeadWatch = { ...LEAD_WATCH, mode: 'link' };
const NOW = Date.UTC(2026, 10, 26, 9);

const form = (sites: string[], consent = 'No') =>
  new FakeSheet([
    ['Timestamp', 'Website', 'Email', 'Consent'],
    ...sites.map((s, i) => [new Date(NOW - 60_000 * (i + 1)), s, `lead@${s}`, consent]),
  ]);

function watched(sheet: FakeSheet, over: { name?: string; busy?: boolean } = {}) {
  const seen = {
    saved: [] as LeadWatch[],
    shared: [] as SharedWatch[],
    logs: [] as LogLine[],
    rounds: 0,
    renewals: 0,
    duringRound: (): void => undefined,
  };
  const lead = fakeLeadPorts(sheet).ports;
  const ports: WatchedSheetPorts = {
    name: over.name ?? LINK_WATCH.sheetName,
    lastRow: () => sheet.rows.length,
    saveMine: (w) => void seen.saved.push(w),
    stats: () => null,
    saveShared: (_id, w) => void seen.shared.push(w),
    log: (entry) => void seen.logs.push(entry),
    claim: () => {
      if (over.busy) return null;
      seen.rounds++;
      return { renew: () => (seen.renewals++, true), release: () => seen.duringRound() };
    },
    leadRun: () => lead,
    generate: () => {
      throw new Error('a link watch asks the service for nothing');
    },
    newId: () => `run-${seen.rounds}`,
    now: () => NOW,
  };
  return { ports, seen };
}

it('handles the open rows under the claim, then counts them for every editor and logs the run', () => {
  const sheet = form(['nike.com', 'slack.com']);
  const { ports, seen } = watched(sheet);
  runWatchWith(ports, LINK_WATCH);
  expect(seen.rounds).toBe(1);
  expect(sheet.column('Lead status').every((s) => String(s) !== '')).toBe(true);
  expect(seen.shared).toHaveLength(1);
  expect(seen.shared[0]!.stats).toMatchObject({ handled: 2, total: { leads: 2 } });
  expect(seen.logs).toEqual([expect.objectContaining({ sheet: LINK_WATCH.sheetName, rows: 2 })]);
  expect(seen.saved).toEqual([]);
});

it('renews its claim before each e-mail: a run whose e-mails take minutes keeps it while it works', () => {
  const sheet = form(['nike.com', 'slack.com', 'zoom.us'], 'Yes');
  const { ports, seen } = watched(sheet);
  runWatchWith(ports, LINK_WATCH);
  expect(sheet.column('Lead status')).toEqual(['e-mailed', 'e-mailed', 'e-mailed']);
  expect(seen.renewals).toBe(3);
});

it('follows a renamed sheet and says its new name', () => {
  const { ports, seen } = watched(form(['nike.com']), { name: 'Leads (renamed)' });
  runWatchWith(ports, LINK_WATCH);
  expect(seen.saved.map((w) => w.sheetName)).toEqual(['Leads (renamed)']);
  expect(seen.logs[0]!.sheet).toBe('Leads (renamed)');
});

it('another run holding the claim: nothing written, counted or logged (the rows wait for it)', () => {
  const sheet = form(['nike.com']);
  const { ports, seen } = watched(sheet, { busy: true });
  runWatchWith(ports, LINK_WATCH);
  expect(sheet.rows[0]).not.toContain('Lead status');
  expect([seen.shared, seen.logs]).toEqual([[], []]);
});

it('takes in the rows that arrived while it ran before it stops', () => {
  const sheet = form(['nike.com']);
  const { ports, seen } = watched(sheet);
  seen.duringRound = () => {
    if (seen.rounds === 1) sheet.rows.push([new Date(NOW), 'zoom.us', 'lead@zoom.us', 'No']);
  };
  runWatchWith(ports, LINK_WATCH);
  expect(seen.rounds).toBe(2);
  expect(sheet.column('Lead status')).toHaveLength(2);
  expect(sheet.column('Lead status').every((s) => String(s) !== '')).toBe(true);
});
