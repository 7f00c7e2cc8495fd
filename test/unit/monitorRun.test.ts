import type { ScanStatus } from '../../src/api/client';
import { serviceError, type Result } from '../../src/api/errors';
import {
  pressesKept,
  rescanOutcome,
  settleScans,
  tallyScans,
  type WatchedRow,
} from '../../src/domain/monitorRun';
import { rescanCell } from '../../src/domain/scanWatch';

const now = new Date('2026-11-23T10:00:00Z');
const watched = (row: number, extra: Partial<WatchedRow> = {}): WatchedRow => ({
  row,
  id: row * 10,
  state: 'running',
  scanDate: '',
  overall: '',
  rescanRequested: '',
  lastChecked: '',
  ...extra,
});
const complete = (score: number, scanDate = '2026-11-23T09:00:00Z'): Result<ScanStatus> => ({
  ok: true,
  value: {
    state: 'complete',
    overallScore: score,
    scanDate,
    platformScores: { chatgpt: score, claude: null, gemini: null, aio: null },
    reportUrl: null,
  },
});
const failedScan = (scanDate: string): Result<ScanStatus> => ({
  ok: true,
  value: { state: 'failed', scanDate },
});

/** No rescan pressed by the person polling (their own record, PRESSED in src/addon/monitor.ts). */
const NONE_PRESSED = new Map<number, number>();

describe('settleScans', () => {
  it('writes each answered row, flags a cell that is not an ID, and leaves unasked rows alone', () => {
    const out = settleScans(
      [watched(2), watched(3, { id: null }), watched(4), watched(5)],
      new Map([
        [20, complete(70)],
        [40, { ok: false, error: serviceError('NOT_FOUND') }],
      ]),
      now,
      NONE_PRESSED,
    );
    expect(Object.fromEntries([...out.patches].map(([r, p]) => [r, p.state]))).toEqual({
      2: 'complete',
      3: 'error: not an ID',
      4: 'error: unknown agent',
    });
    expect(out.readings).toHaveLength(1);
  });

  it('tells a scan that finished since the last look from one the row already shows', () => {
    const shown = new Date('2026-11-23T09:00:00Z');
    const out = settleScans(
      [watched(2, { overall: 55 }), watched(3, { scanDate: shown, overall: 70 })],
      new Map([
        [20, complete(70)],
        [30, complete(70)],
      ]),
      now,
      NONE_PRESSED,
    );
    expect(out.finished).toEqual([{ agentId: 20, state: 'complete', score: 70, previous: 55 }]);
  });

  it('sends a rescan that came back failed once more, and only once', () => {
    const asked = new Date('2026-11-23T08:00:00Z');
    const out = settleScans(
      [
        watched(2, { rescanRequested: rescanCell(asked, false) }),
        watched(3, { rescanRequested: rescanCell(asked, true) }),
      ],
      new Map([
        [20, failedScan('2026-11-23T09:00:00Z')],
        [30, failedScan('2026-11-23T09:00:00Z')],
      ]),
      now,
      new Map([
        [20, asked.getTime()],
        [30, asked.getTime()],
      ]),
    );
    expect(out.retry).toEqual([{ row: 2, id: 20 }]);
  });

  it.each([
    ['a date typed into Rescan requested, no press recorded', NONE_PRESSED],
    [
      'a press of the person, a day before the typed date',
      new Map([[20, Date.parse('2026-11-22T08:00:00Z')]]),
    ],
  ])('never retries on a cell’s word: %s', (_case, pressed) => {
    const typed = new Date('2026-11-23T08:00:00Z');
    const out = settleScans(
      [watched(2, { rescanRequested: typed })],
      new Map([[20, failedScan('2026-11-23T09:00:00Z')]]),
      now,
      pressed,
    );
    expect(out.retry).toEqual([]);
  });
});

describe('rescanOutcome', () => {
  const agents = [
    { row: 2, id: 20 },
    { row: 3, id: 30 },
    { row: 4, id: 40 },
  ];

  it('marks each triggered row running, each refused row with its error, and counts', () => {
    const out = rescanOutcome(
      agents,
      new Map<number, Result<unknown> | undefined>([
        [20, { ok: true, value: {} }],
        [30, { ok: false, error: serviceError('NOT_FOUND') }],
      ]),
      now,
      false,
    );
    if (!out.ok) throw new Error(out.message);
    expect(out.triggered).toBe(1);
    expect(out.patches.get(2)).toMatchObject({ state: 'running', rescanRequested: now });
    expect(out.patches.get(3)?.state).toBe('error: unknown agent');
    expect(out.patches.has(4)).toBe(false);
  });

  it.each(['READ_ONLY', 'SCAN_PAUSED'] as const)('touches no row on %s', (code) => {
    const out = rescanOutcome(
      agents,
      new Map([
        [20, { ok: true, value: {} }],
        [30, { ok: false, error: serviceError(code) }],
      ]),
      now,
      false,
    );
    expect(out).toEqual({ ok: false, message: serviceError(code).message });
  });
});

describe('tallyScans', () => {
  it('counts by state, anything else as a row to check', () => {
    const t = tallyScans(['running', 'complete', 'complete', 'failed', 'none', 'error: quota', '']);
    expect([t.watched, t.running, t.complete, t.failed, t.none, t.errors]).toEqual([
      7, 1, 2, 1, 1, 2,
    ]);
    expect(t.message).toBe(
      '7 agents: 2 complete, 1 running, 1 failed, 1 never scanned, 2 to check.',
    );
  });
});

describe('pressesKept: the person’s record of the rescans they pressed', () => {
  const DAY = 24 * 3600 * 1000;
  const now = Date.UTC(2026, 10, 28);
  it.each([
    ['a press is kept with its time', {}, { pressed: [7] }, { '7': now }],
    [
      'a retried press is forgotten (there is no second retry)',
      { '7': now - DAY },
      { retried: [7] },
      {},
    ],
    [
      'a press older than 14 days is forgotten',
      { '7': now - 14 * DAY, '8': now - DAY },
      {},
      { '8': now - DAY },
    ],
  ])('%s', (_, before, change, after) => {
    expect(pressesKept(before, change, now)).toEqual(after);
  });

  it('keeps the newest 300', () => {
    const many = Object.fromEntries(
      Array.from({ length: 310 }, (_, i) => [String(i), now - 1000 + i]),
    );
    const kept = Object.keys(pressesKept(many, {}, now));
    expect(kept).toHaveLength(300);
    expect(kept[0]).toBe('10');
  });
});
