// Each scheduled action through its ports, in memory: a refresh of a list's scores (its digest's
// lines, the follow-ups rebuilt), a poll of the scan monitor, and a Send report's deck and e-mail.
import { attemptWith } from '../../src/addon/scheduleActions';
import type { ScoreReport } from '../../src/contract/scores';
import { serviceError } from '../../src/api/errors';
import type { Schedule } from '../../src/contract/schedules';
import type { MonitorReport } from '../../src/contract/scans';
import type { ScheduleActions } from '../../src/addon/scheduleActions';
import type { MyRun } from '../../src/kit/schedules';
import { fakeDeckPorts } from './fakes';
import type { MemoryKitOptions } from '../../dev/memoryKit';
import { alertKey } from '../../src/domain/schedules';

const DAY = 86_400_000;
const t = Date.UTC(2026, 10, 26, 9);
const HEAD = ['Company', 'Website', 'Public score'];
const GRID = [HEAD, ['Nike', 'nike.com', 70], ['Adidas', 'adidas.com', 60]];

const report = (over: Partial<ScoreReport> = {}): ScoreReport => ({
  state: 'done',
  message: 'Scored 2 rows.',
  scored: 2,
  fetched: 2,
  remaining: 0,
  leftForTomorrow: 0,
  failedSites: 0,
  answeredSites: 2,
  movers: [],
  historyAdded: 2,
  historyTrimmed: 0,
  notInIndex: 0,
  request: { runStarted: t } as ScoreReport['request'],
  scoresAt: null,
  ...over,
});
const mover = (website: string, from: number, to: number) => ({
  sheet: 'Prospects',
  row: 2,
  website,
  brand: website.toUpperCase(),
  from,
  to,
  change: to - from,
});

const run = (schedule: Partial<Schedule>): MyRun => ({
  docId: 'doc-1',
  schedule: {
    id: 's1',
    owner: 'ana@team.example',
    action: 'refreshScores',
    sheetName: 'Prospects',
    every: 'day',
    hour: 9,
    ...schedule,
  },
  lastRun: null,
  since: t - DAY,
  lastResult: null,
  failures: 0,
  runStarted: null,
});

/**
 * The owner's kit in memory over a document with `Prospects` (GRID) and `Notes`, nike.com's
 * reading in her `Score history`; `apiKey: null`, a key she has not saved.
 */
function ports(over: Partial<ScheduleActions> = {}, options: MemoryKitOptions = {}) {
  const deck = fakeDeckPorts(
    { 'nike.com': [{ at: t - DAY, score: 70, engines: {} }] },
    { apiKey: 'owner-key', ...options },
  );
  deck.kit.tables.replace('Prospects', GRID);
  deck.kit.tables.replace('Notes', [['Anything']]);
  const p: ScheduleActions = {
    kit: deck.kit,
    score: () => report(),
    followUps: () => ({ state: 'done', message: '', rows: 3 }),
    monitor: () => ({}) as MonitorReport,
    ...over,
  };
  return { p, drawn: deck.drawn, kit: deck.kit };
}

describe('Refresh scores', () => {
  it('done: the follow-ups rebuilt, and the digest’s lines the moves past the threshold or across a level', () => {
    const { p } = ports({
      score: () => report({ movers: [mover('nike.com', 50, 80), mover('adidas.com', 70, 72)] }),
    });
    const out = attemptWith(p, run({ alert: { email: true, minChange: 10 } }), Infinity);
    expect(out).toMatchObject({ kind: 'done', result: 'Scored 2 rows. Follow-ups: 3.' });
    expect(out.kind === 'done' && out.news).toEqual([
      expect.stringContaining('NIKE.COM (nike.com): 50 → 80'),
    ]);
  });

  it('a move is news once per site, score and scan: the owner’s record, not the history, remembers it', () => {
    const scanned = { ...mover('nike.com', 40, 80), scanned: t - DAY };
    const { p } = ports({ score: () => report({ movers: [scanned] }) });
    const first = attemptWith(p, run({ alert: { email: true, minChange: 10 } }), Infinity);
    expect(first).toMatchObject({ kind: 'done', alerted: [alertKey(scanned)] });
    expect(first.kind === 'done' && first.news).toHaveLength(1);
    // The next day the same move is found again (its reading never reached the history).
    const again = attemptWith(
      p,
      { ...run({ alert: { email: true, minChange: 10 } }), alerted: [alertKey(scanned)] },
      Infinity,
    );
    expect(again.kind === 'done' && again.news).toEqual([]);
    // A new scan is news again.
    const later = { ...scanned, scanned: t };
    expect(alertKey(later)).not.toBe(alertKey(scanned));
  });

  it('unusual moves only: a move within the brand’s usual swing is not news', () => {
    // The run weighed the move against readings of 40, 60, 40, 60, 40: it usually moves by 20.
    const weighed = {
      ...mover('nike.com', 40, 60),
      swing: { usual: '20', unusual: false, own: true, readings: 5 },
    };
    const { p } = ports({ score: () => report({ movers: [weighed] }) });
    const usual = attemptWith(
      p,
      run({ alert: { email: true, minChange: 10, unusualOnly: true } }),
      Infinity,
    );
    expect(usual.kind === 'done' && usual.news).toEqual([]);
    const any = attemptWith(p, run({ alert: { email: true, minChange: 10 } }), Infinity);
    expect(any.kind === 'done' && any.news).toHaveLength(1);
  });

  it('asks the run to weigh its moves only for a schedule that alerts on unusual moves alone', () => {
    const asked: unknown[] = [];
    const { p } = ports({ score: (_s, options) => (asked.push(options.weighMoves), report()) });
    attemptWith(p, run({ alert: { email: true, minChange: 10, unusualOnly: true } }), Infinity);
    attemptWith(p, run({ alert: { email: true, minChange: 10 } }), Infinity);
    expect(asked).toEqual([true, false]);
  });

  it.each([
    ['a list renamed away', 'Gone', /the sheet "Gone" no longer exists/],
    ['a list without a Website column', 'Notes', /has no Website column/],
  ])('%s fails in words', (_, sheetName, reason) => {
    const { p } = ports({ score: () => null });
    expect(attemptWith(p, run({ sheetName }), Infinity)).toMatchObject({ kind: 'failed', reason });
  });

  it('a list with its Website header and no rows yet is empty, not failing; a busy document is busy', () => {
    expect(attemptWith(ports({ score: () => null }).p, run({}), Infinity).kind).toBe('empty');
    const busy = ports({ score: () => report({ state: 'busy' }) }).p;
    expect(attemptWith(busy, run({}), Infinity).kind).toBe('busy');
  });

  it('a service that answered for no site fails; a refresh that throws fails with its words', () => {
    const none = ports({
      score: () => report({ failedSites: 2, answeredSites: 0, message: 'HTTP 503' }),
    }).p;
    expect(attemptWith(none, run({}), Infinity)).toMatchObject({
      kind: 'failed',
      reason: /did not answer for any site \(HTTP 503\)/,
    });
    const throwing = ports({
      score: () => {
        throw new Error('Service invoked too many times');
      },
    }).p;
    expect(attemptWith(throwing, run({}), Infinity)).toMatchObject({
      kind: 'failed',
      reason: 'Service invoked too many times',
    });
  });
});

describe('Refresh the scan monitor', () => {
  const monitor = (over: Partial<MonitorReport>): MonitorReport => ({
    exists: true,
    watched: 2,
    running: 0,
    complete: 2,
    failed: 0,
    none: 0,
    errors: 0,
    busy: false,
    message: '2 agents',
    finished: [],
    ...over,
  });

  it('says each finished scan; without a key or a monitor sheet it fails in words', () => {
    const { p } = ports({
      monitor: () =>
        monitor({
          finished: [
            { agentId: 7, state: 'complete', score: 81, previous: 75 },
            { agentId: 8, state: 'failed', score: null, previous: null },
          ],
        }),
    });
    const out = attemptWith(
      p,
      run({ action: 'refreshScanMonitor', sheetName: 'Scan monitor' }),
      Infinity,
    );
    expect(out.kind === 'done' && out.news).toEqual([
      'Brand agent 7: scan complete, score 81 (was 75)',
      'Brand agent 8: scan failed (no engine answered): rescan it',
    ]);
    const keyless = ports({ monitor: () => monitor({}) }, { apiKey: null }).p;
    expect(attemptWith(keyless, run({ action: 'refreshScanMonitor' }), Infinity)).toMatchObject({
      kind: 'failed',
      reason: serviceError('KEY_MISSING').message,
    });
    const gone = ports({ monitor: () => monitor({ exists: false }) }).p;
    expect(attemptWith(gone, run({ action: 'refreshScanMonitor' }), Infinity)).toMatchObject({
      reason: /no longer exists/,
    });
  });
});

describe('Send report', () => {
  const sendReport = (competitors: string[], to: string[] = []) =>
    run({
      action: 'sendReport',
      every: 'week',
      weekday: 4,
      report: { site: 'nike.com', competitors, weeks: 8, to },
    });

  it('draws the brand against the competitors still in the list, and e-mails its link', () => {
    const { p, drawn } = ports();
    const out = attemptWith(p, sendReport(['adidas.com', 'puma.com']), Infinity);
    expect(drawn).toHaveLength(1);
    expect(out).toMatchObject({ kind: 'done', deck: 'deck-1', counts: { rows: 2, errors: 1 } });
    expect(out.kind === 'done' && out.result).toMatch(
      /^Deck made \(\d+ slides\): https:\/\/docs\.google\.com\/presentation\/d\/deck-1\/edit\. 1 competitor not in the sheet\.$/,
    );
    expect(out.kind === 'done' && out.mail?.to).toEqual(['ana@team.example']);
  });

  it('a brand gone from the list fails in words, drawing nothing', () => {
    const { p, drawn, kit } = ports();
    kit.tables.replace('Prospects', [HEAD, ['Adidas', 'adidas.com', 60]]);
    expect(
      attemptWith(p, sendReport(['adidas.com'], ['cmo@client.example']), Infinity),
    ).toMatchObject({
      kind: 'failed',
      reason: 'nike.com is no longer in "Prospects": put its row back or edit the schedule',
    });
    expect(drawn).toEqual([]);
  });
});
