// Whose pending preview a row is, and which ones nobody completes: a teammate gone silent for
// 7 days, or an ID the person's key did not know. Decided from the person's record and the
// file's heard-from entries, never from what a cell or the page says.
import { idKey } from '../../src/domain/previewJobs';
import {
  heardDue,
  roleOf,
  stranded,
  strandedSelection,
  TEAM_SILENT_MS,
  type Ownership,
} from '../../src/domain/previewOwners';
import type { RowState } from '../../src/domain/previewJobs';

const NOW = Date.UTC(2026, 10, 27, 12);
const DAY = 24 * 3600 * 1000;
const ANA = 'ana@agency.example';
const BEN = 'ben@agency.example';
const CAM = 'cam@agency.example';
const U = (n: number) => `${String(n).repeat(8)}-1111-4111-8111-111111111111`;

const owners = (over: Partial<Ownership> = {}): Ownership => ({
  me: ANA,
  mine: new Set([idKey(U(1))]),
  asked: new Set([idKey(U(4))]),
  heard: new Map([
    [BEN, NOW - 8 * DAY],
    [CAM, NOW - DAY],
  ]),
  now: NOW,
  ...over,
});

describe('roleOf a pending row', () => {
  it.each([
    ['made with my key', { uuid: U(1), requestedBy: BEN, requestedAt: null }, 'mine'],
    [
      'a teammate heard from yesterday',
      { uuid: U(2), requestedBy: CAM, requestedAt: null },
      'theirs',
    ],
    [
      'a teammate silent 8 days',
      { uuid: U(2), requestedBy: BEN, requestedAt: NOW - 9 * DAY },
      'gone',
    ],
    // The cells' date and maker are anyone's to type: only the heard-from entries decide.
    [
      'a silent teammate, a recent date typed',
      { uuid: U(2), requestedBy: BEN, requestedAt: NOW - 2 * DAY },
      'gone',
    ],
    [
      'a maker never heard from, requested 3 days ago',
      { uuid: U(2), requestedBy: 'dan@x.example', requestedAt: NOW - 3 * DAY },
      'unclaimed',
    ],
    [
      'a made-up maker dated 2020 (never "nobody’s", so never made again)',
      { uuid: U(2), requestedBy: 'cam@x.example', requestedAt: Date.UTC(2020, 0, 1) },
      'unclaimed',
    ],
    [
      'a typed name with no date, never heard from',
      { uuid: U(2), requestedBy: 'dan@x.example', requestedAt: null },
      'unclaimed',
    ],
    ['unnamed, not asked yet', { uuid: U(3), requestedBy: '', requestedAt: null }, 'unclaimed'],
    [
      'unnamed, my key did not know it',
      { uuid: U(4), requestedBy: '', requestedAt: null },
      'askedOnce',
    ],
    [
      'my name typed on an ID my key did not know',
      { uuid: U(4), requestedBy: ANA, requestedAt: null },
      'askedOnce',
    ],
    ['not an ID', { uuid: 'see notes', requestedBy: BEN, requestedAt: null }, 'notAnId'],
  ])('%s: %s', (_what, row, role) => {
    expect(roleOf({ status: 'pending', ...row }, owners())).toBe(role);
  });

  it('a teammate is gone exactly past 7 days of silence', () => {
    const row = { uuid: U(2), status: 'pending', requestedBy: BEN, requestedAt: null };
    const at = (silentMs: number) => owners({ heard: new Map([[BEN, NOW - silentMs]]) });
    expect(roleOf(row, at(TEAM_SILENT_MS))).toBe('theirs');
    expect(roleOf(row, at(TEAM_SILENT_MS + 1))).toBe('gone');
  });
});

it('the person says they are here at most hourly, and never with no address', () => {
  expect(heardDue(owners())).toBe(true);
  expect(heardDue(owners({ heard: new Map([[ANA, NOW - 59 * 60_000]]) }))).toBe(false);
  expect(heardDue(owners({ heard: new Map([[ANA, NOW - 60 * 60_000]]) }))).toBe(true);
  expect(heardDue(owners({ me: '' }))).toBe(false);
});

it('stranded previews are grouped by list and maker, unknown IDs apart, most first', () => {
  const rows = [
    { sheet: 'Prospects', requestedBy: BEN, role: 'gone' as const },
    { sheet: 'Prospects', requestedBy: BEN, role: 'gone' as const },
    { sheet: 'Prospects', requestedBy: '', role: 'askedOnce' as const },
    { sheet: 'Prospects', requestedBy: ANA, role: 'askedOnce' as const },
    { sheet: 'Prospects', requestedBy: ANA, role: 'askedOnce' as const },
    { sheet: 'Prospects', requestedBy: ANA, role: 'askedOnce' as const },
    { sheet: 'Leads', requestedBy: BEN, role: 'gone' as const },
    { sheet: 'Leads', requestedBy: CAM, role: 'theirs' as const },
    { sheet: 'Leads', requestedBy: ANA, role: 'mine' as const },
  ];
  expect(stranded(rows, owners())).toEqual([
    { sheet: 'Prospects', by: '', count: 4, heard: null },
    { sheet: 'Prospects', by: BEN, count: 2, heard: new Date(NOW - 8 * DAY).toISOString() },
    { sheet: 'Leads', by: BEN, count: 1, heard: new Date(NOW - 8 * DAY).toISOString() },
  ]);
});

describe('what "Make them again with my key" sends', () => {
  const row = (n: number, uuid: string, requestedBy: string, site = `site-${n}.com`): RowState => ({
    row: n,
    website: site,
    uuid,
    status: 'pending',
    reportUrl: `https://example.com/r/${n}`,
    requested: new Date(NOW - 9 * DAY),
    requestedBy,
  });
  const rows = [
    row(2, U(2), BEN),
    row(3, U(2), BEN),
    row(4, U(5), CAM),
    row(5, U(4), ''),
    row(6, U(1), ANA),
  ];

  it('a gone teammate’s rows only, cleared to be sent as new; the rest stay as they are', () => {
    const { selection, sheet } = strandedSelection(rows, owners(), BEN);
    expect(selection.map((r) => [r.row, r.uuid, r.status, r.reportUrl])).toEqual([
      [2, '', '', ''],
      [3, '', '', ''],
    ]);
    expect(sheet.map((r) => r.row)).toEqual([4, 5, 6]);
  });

  it('the IDs my key did not know, with an empty maker', () => {
    expect(strandedSelection(rows, owners(), '').selection.map((r) => r.row)).toEqual([5]);
  });

  it('a teammate still heard from, or my own previews: nothing, whatever the page asks', () => {
    expect(strandedSelection(rows, owners(), CAM).selection).toEqual([]);
    expect(strandedSelection(rows, owners(), ANA).selection).toEqual([]);
    const benBack = owners({ heard: new Map([[BEN, NOW - 3600_000]]) });
    expect(strandedSelection(rows, benBack, BEN).selection).toEqual([]);
  });
});
