// The schedule run's end as a table: outcome and state in, next state, log line, news and e-mail out.
import {
  BUSY_NEXT_FIRING,
  decideRun,
  NO_COUNTS,
  NO_ROWS_YET,
  SCHEDULE_ACTIONS,
  type RunInput,
  type RunOutcome,
  type RunState,
} from '../../src/domain/scheduleRun';
import { ALERTS_KEPT } from '../../src/domain/schedules';

const NOW = Date.UTC(2026, 10, 23, 9, 5);
const DUE = Date.UTC(2026, 10, 23, 9, 0);
const fresh: RunState = {
  lastRun: null,
  since: DUE - 86400000,
  lastResult: null,
  failures: 0,
  runStarted: null,
  paused: false,
};
const counts = { rows: 20, requests: 20, changed: 2, errors: 0 };

function input(
  outcome: RunOutcome,
  state: Partial<RunState> = {},
  extra: Partial<RunInput> = {},
): RunInput {
  return {
    schedule: {
      id: 's1',
      owner: 'owner@example.com',
      action: 'refreshScores',
      sheetName: 'Prospects',
      every: 'day',
      hour: 9,
      alert: { email: true, minChange: 10 },
    },
    state: { ...fresh, ...state },
    outcome,
    held: { lines: [], more: 0 },
    now: NOW,
    dueAt: DUE,
    doc: { name: 'Leads', url: 'https://docs.example/d/1' },
    ...extra,
  };
}

const done = (news: string[] = []): RunOutcome => ({
  kind: 'done',
  result: '20 rows scored.',
  news,
  counts,
});

describe('decideRun', () => {
  it.each<[string, RunInput, Partial<RunState>, string | null]>([
    [
      'done, nothing moved: the period ends, failures reset, no mail',
      input(done(), { failures: 2 }),
      { lastRun: NOW, failures: 0, lastResult: '20 rows scored.' },
      null,
    ],
    [
      'done with news: the digest, and the result says it went',
      input(done(['a', 'b'])),
      { lastRun: NOW, lastResult: '20 rows scored. Alert e-mailed (2 changes).' },
      'Visibility for Sheets: 2 changes in "Leads"',
    ],
    [
      'no rows yet: the period ends, not a failure',
      input({ kind: 'empty', counts: NO_COUNTS }, { failures: 2 }),
      { lastRun: NOW, failures: 0, paused: false, lastResult: NO_ROWS_YET },
      null,
    ],
    [
      'busy: the period stays due, nothing counted',
      input({ kind: 'busy', counts: NO_COUNTS }, { failures: 2 }),
      { lastRun: null, failures: 2, paused: false, lastResult: BUSY_NEXT_FIRING },
      null,
    ],
    [
      'first failure: counted, still active',
      input({ kind: 'failed', reason: 'service down', counts: NO_COUNTS }),
      { lastRun: NOW, failures: 1, paused: false, lastResult: 'failed: service down' },
      null,
    ],
    [
      'third failure in a row: paused, and its owner told once',
      input({ kind: 'failed', reason: 'service down', counts: NO_COUNTS }, { failures: 2 }),
      {
        failures: 3,
        paused: true,
        lastResult:
          'failed: service down; paused after 3 failures in a row: fix the reason, then resume it in the Schedules tab',
      },
      'Visibility for Sheets: a schedule in "Leads" is paused',
    ],
    [
      'a part of a long run: continues from its start, no mail yet',
      input({ kind: 'partial', result: '500 sites left', news: ['a'], counts }),
      { lastRun: null, runStarted: DUE, lastResult: 'continuing next hour: 500 sites left' },
      null,
    ],
  ])('%s', (_name, given, state, subject) => {
    const d = decideRun(given);
    expect(d.state).toMatchObject(state);
    expect(d.mail?.subject ?? null).toBe(subject);
    expect(d.log).toMatchObject({
      action: 'refresh scores #s1',
      sheet: 'Prospects',
      result: d.state.lastResult,
    });
  });

  it('sends no digest when the schedule asks for no alert', () => {
    const given = input(done(['a']));
    given.schedule = { ...given.schedule, alert: { email: false, minChange: 10 } };
    expect(decideRun(given).mail).toBeNull();
  });

  it('holds the news of each part and sends them all with the end of the run', () => {
    const part = decideRun(
      input(
        { kind: 'partial', result: 'more to do', news: ['b'], counts },
        {},
        { held: { lines: ['a'], more: 1 } },
      ),
    );
    expect(part.news).toEqual({ lines: ['a', 'b'], more: 1 });
    const end = decideRun(
      input(done(['c']), { runStarted: DUE }, { held: { lines: ['a', 'b'], more: 1 } }),
    );
    expect(end.news).toBe('drop');
    expect(end.mail?.subject).toBe('Visibility for Sheets: 4 changes in "Leads"');
    expect(end.mail?.body).toContain('- a\n- b\n- c\n');
    expect(end.mail?.resultIfUnsent).toBe(
      '20 rows scored. No alert sent: the daily e-mail quota is used up.',
    );
    expect(end.state.runStarted).toBeNull();
  });

  it('remembers the alerts each part decided in the owner’s record, the oldest forgotten past ALERTS_KEPT', () => {
    const part = decideRun(
      input(
        { kind: 'partial', result: 'more', news: ['b'], alerted: ['k2'], counts },
        {
          alerted: ['k1'],
        },
      ),
    );
    expect(part.state.alerted).toEqual(['k1', 'k2']);
    const kept = Array.from({ length: ALERTS_KEPT }, (_, i) => `old${i}`);
    const end = decideRun(
      input({ ...done(['c']), alerted: ['k3'] } as RunOutcome, { alerted: kept }),
    );
    expect(end.state.alerted).toHaveLength(ALERTS_KEPT);
    expect(end.state.alerted?.at(-1)).toBe('k3');
    expect(end.state.alerted?.[0]).toBe('old1');
    // A failed run changes nothing of it.
    const failed = decideRun(input({ kind: 'failed', reason: 'x', counts }, { alerted: ['k1'] }));
    expect(failed.state.alerted).toEqual(['k1']);
  });

  it('names each action and its sheet from one table', () => {
    const monitor = input(done());
    monitor.schedule = { ...monitor.schedule, action: 'refreshScanMonitor', sheetName: 'ignored' };
    expect(decideRun(monitor).log).toMatchObject({
      action: 'refresh scan monitor #s1',
      sheet: 'Scan monitor',
    });
    expect(Object.keys(SCHEDULE_ACTIONS)).toEqual([
      'refreshScores',
      'refreshScanMonitor',
      'sendReport',
    ]);
  });
});

describe('a report run', () => {
  const report = (deck: string): RunOutcome => ({
    kind: 'done',
    result: 'Deck updated (5 slides): https://docs.example/p/1.',
    news: [],
    counts: { rows: 3, requests: 0, changed: 0, errors: 0 },
    deck,
    mail: { to: ['a@client.com', 'b@client.com'], subject: 'Acme: AI visibility', body: 'link' },
  });

  it('e-mails its own message to its recipients, whatever the alert asks, and keeps its deck', () => {
    const given = input(report('deck-1'));
    given.schedule = { ...given.schedule, action: 'sendReport', alert: undefined };
    const d = decideRun(given);
    expect(d.mail).toMatchObject({
      to: ['a@client.com', 'b@client.com'],
      subject: 'Acme: AI visibility',
      email: true,
      team: false,
    });
    expect(d.state).toMatchObject({ deck: 'deck-1', failures: 0, lastRun: NOW });
    expect(d.state.lastResult).toBe(
      'Deck updated (5 slides): https://docs.example/p/1. Link e-mailed to 2 recipients.',
    );
    expect(d.mail?.resultIfUnsent).toMatch(
      /^Deck updated .* No e-mail sent: today's e-mail recipients are used up/,
    );
    expect(d.log).toMatchObject({ action: 'send report #s1', sheet: 'Prospects' });
  });

  it('posts the link to the team when the schedule asks, and a failure keeps the deck it had', () => {
    const given = input(report('deck-1'));
    given.schedule = {
      ...given.schedule,
      action: 'sendReport',
      alert: { email: false, minChange: 10, team: true },
    };
    expect(decideRun(given).mail?.team).toBe(true);
    const failed = decideRun(
      input({ kind: 'failed', reason: 'gone', counts: NO_COUNTS }, { deck: 'deck-1' }),
    );
    expect(failed.state.deck).toBe('deck-1');
  });
});
