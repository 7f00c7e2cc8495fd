// A season in one run (dev/season.ts): four seeded seasons of forty steps of mixed use on the built
// bundle, every invariant checked after every step and after a quiet week. A failure is shrunk to
// its fewest steps and printed as a replay to keep. `npm run soak` runs as many as asked.
import { INDEX } from '../../dev/emulator/brandIndex';
import replays from './soakReplays.json';
import { stopIdleEmulators } from '../../dev/emulator/process';
import {
  KEY,
  lastWallHour,
  runSteps,
  seasonSteps,
  shrink,
  TEAM,
  type Step,
} from '../../dev/season';

// Each season borrows an emulator reset to its start, and gives it back.
afterAll(stopIdleEmulators);

const SEEDS = [1, 2, 3, 4];
const STEPS = 40;

it.each(SEEDS)(
  'season %i holds every invariant',
  async (seed) => {
    const result = await runSteps(seed, seasonSteps(seed, STEPS));
    if (result.violations.length) {
      const shrunk = await shrink(result, 45_000);
      throw new Error(
        `seed ${seed}: ${JSON.stringify(shrunk.violations[0])}\nreplay: ${JSON.stringify(shrunk.steps)}`,
      );
    }
    expect(result.checks).toBe(STEPS + 1);
  },
  120_000,
);

// Seasons `npm run soak` once failed, shrunk to their fewest steps: each still holds now.
it.each(replays.map((r) => [r.seed, r.found, r.steps as Step[]] as const))(
  'the soak’s seed %i (%s) holds every invariant',
  async (seed, _, steps) => {
    expect((await runSteps(seed, steps)).violations).toEqual([]);
  },
  120_000,
);

it('a replay is the same season: the steps come from the seed alone', () => {
  expect(seasonSteps(7, 50)).toEqual(seasonSteps(7, 50));
  expect(seasonSteps(7, 50)).not.toEqual(seasonSteps(8, 50));
});

it('over twenty seeds the generator makes every kind of step', () => {
  const kinds = new Set(
    Array.from({ length: 20 }, (_, i) => seasonSteps(i + 1, 100)).flatMap((steps) =>
      steps.map((s) => s.kind),
    ),
  );
  const every: Array<Step['kind']> = [
    'add',
    'sort',
    'insert',
    'delete',
    'typeOver',
    'score',
    'generate',
    'poll',
    'retry',
    'pitches',
    'elapse',
    'faults',
    'schedule',
    'key',
    'consent',
    'disable',
    'teammate',
    'rename',
    'followUps',
    'monitor',
    'brands',
    'readOnly',
    'cutOff',
    'evict',
    'filter',
    'together',
    'freeze',
    'plan',
    'hostile',
    'metadata',
    'quota',
    'otherList',
    'formResponse',
    'watch',
    'acceptLeads',
  ];
  expect([...kinds].sort()).toEqual([...every].sort());
});

it('a mailbox spelled four ways gets 3 lead e-mails a week; the invariant fails when the owner’s record of them is wiped (planted)', async () => {
  const steps: Step[] = [
    { kind: 'formResponse', site: 'nike.com', email: 'ok', consent: false, events: 1 },
    { kind: 'watch', on: true },
    ...['slack.com', 'stripe.com', 'openai.com', 'zoom.us'].map((site): Step => ({
      kind: 'formResponse',
      site,
      email: 'plus',
      consent: true,
      events: 1,
    })),
  ];
  expect((await runSteps(3, steps)).violations).toEqual([]);
  const planted = await runSteps(3, steps, (rt) => {
    const store = rt.userProperties(rt.owner);
    for (const key of Object.keys(store.getProperties()))
      if (key.startsWith('vis.mailed.')) store.deleteProperty(key);
  });
  expect(planted.violations[0]).toMatchObject({ kind: 'mailbox mailed past its week' });
}, 60_000);

it('an ID an editor pastes is never polled with the owner’s key; the invariant fails when she adopts it (planted)', async () => {
  const steps: Step[] = [
    { kind: 'add', sites: ['openai.com', 'nike.com', 'slack.com', 'stripe.com'] },
    { kind: 'generate', from: 2, count: 2 },
    { kind: 'teammate', who: 'cam', does: 'pasteId', from: 4, count: 1 },
    { kind: 'poll' },
    { kind: 'elapse', minutes: 180 },
  ];
  expect((await runSteps(3, steps)).violations).toEqual([]);
  const planted = await runSteps(3, steps, (rt) => {
    rt.runFromSidebar('adoptPreviewIds');
  });
  expect(planted.violations[0]).toMatchObject({ kind: 'owner’s key spent on a pasted ID' });
}, 60_000);

it('the schedule invariant fails when no trigger ever fires (planted: triggers removed)', async () => {
  const steps: Step[] = [
    { kind: 'add', sites: ['openai.com', 'small-shop-1.com'] },
    { kind: 'schedule', hour: 9, op: 'add' },
    { kind: 'elapse', minutes: 1440 },
  ];
  expect((await runSteps(3, steps)).violations).toEqual([]);
  const planted = await runSteps(3, steps, (rt) => {
    rt.triggers.list = [];
  });
  expect(planted.violations[0]).toMatchObject({ step: 2, kind: 'schedule missed' });
}, 60_000);

it('the one-deck invariant holds for a daily Send report and fails on a deck made twice (planted)', async () => {
  const indexed = INDEX.find((b) => !b.domain.endsWith('.example'))!.domain;
  const steps: Step[] = [
    { kind: 'add', sites: [indexed, 'small-shop-1.com'] },
    { kind: 'score', whole: true },
    // Hour 9: every third hour's schedule sends the first brand's report.
    { kind: 'schedule', hour: 9, op: 'add' },
    { kind: 'elapse', minutes: 2 * 1440 },
  ];
  const clean = await runSteps(3, steps);
  expect(clean.violations).toEqual([]);
  const planted = await runSteps(3, steps, (rt) => {
    const [deck] = [...rt.slides.decks.values()];
    if (deck) rt.slides.decks.set(`${deck.id}-copy`, { ...deck, id: `${deck.id}-copy` });
  });
  expect(planted.violations[0]).toMatchObject({ kind: 'deck replaced' });
}, 60_000);

it('the hour a schedule is due is the first of the two when the clocks go back, told by Intl', () => {
  // Berlin, 31 October 2027: 02:00 CEST (00:00Z), then 02:00 CET again (01:00Z).
  expect(
    new Date(lastWallHour(2, 'Europe/Berlin', Date.parse('2027-10-31T03:00:00Z'))!).toISOString(),
  ).toBe('2027-10-31T00:00:00.000Z');
  // Sydney, 4 April 2027: 02:00 AEDT (15:00Z the day before), then 02:00 AEST (16:00Z).
  expect(
    new Date(
      lastWallHour(2, 'Australia/Sydney', Date.parse('2027-04-03T18:00:00Z'))!,
    ).toISOString(),
  ).toBe('2027-04-03T15:00:00.000Z');
  // An ordinary day: 9:00 New York in winter is 14:00Z.
  expect(
    new Date(
      lastWallHour(9, 'America/New_York', Date.parse('2026-11-25T15:30:00Z'))!,
    ).toISOString(),
  ).toBe('2026-11-25T14:00:00.000Z');
});

it('the nothing-lost invariant fails when a preview is in no row (planted: UUIDs wiped)', async () => {
  const steps: Step[] = [
    { kind: 'add', sites: ['small-shop-1.com', 'small-shop-2.com', 'small-shop-3.com'] },
    { kind: 'generate', from: 2, count: 3 },
  ];
  expect((await runSteps(5, steps)).violations).toEqual([]);
  const planted = await runSteps(5, steps, (rt) => {
    const list = rt.spreadsheet.sheets.find((s) => s.getName() === 'List')!;
    const uuid = list.probe.rows[0]!.findIndex((c) => c.value === 'Preview UUID');
    if (uuid >= 0) list.probe.rows.slice(1).forEach((row) => (row[uuid] = { value: '' }));
  });
  // Found at the step that lost it: the Generate.
  expect(planted.violations[0]).toMatchObject({ step: 1, kind: 'preview lost' });
}, 60_000);

it('under dropped connections too, a preview in no row needs a row of its site saying why (planted: rows wiped)', async () => {
  const steps: Step[] = [
    { kind: 'faults', on: true, drops: true },
    { kind: 'add', sites: ['small-shop-1.com', 'small-shop-2.com', 'small-shop-3.com'] },
    { kind: 'generate', from: 2, count: 3 },
  ];
  expect((await runSteps(5, steps)).violations).toEqual([]);
  const planted = await runSteps(5, steps, (rt) => {
    const list = rt.spreadsheet.sheets.find((s) => s.getName() === 'List')!;
    const head = list.probe.rows[0]!.map((c) => c.value);
    const wiped = ['Preview UUID', 'Preview status'].map((h) => head.indexOf(h));
    for (const row of list.probe.rows.slice(1))
      for (const i of wiped) if (i >= 0) row[i] = { value: '' };
  });
  expect(planted.violations[0]).toMatchObject({ step: 2, kind: 'preview lost' });
}, 60_000);

it('the secrets invariant fails when the team webhook reaches the log (planted: logged)', async () => {
  const steps: Step[] = [{ kind: 'add', sites: ['openai.com'] }];
  expect((await runSteps(7, steps)).violations).toEqual([]);
  const planted = await runSteps(7, steps, (rt) => {
    const hook = rt.userProperties(rt.owner).data['vis.webhook'] ?? '';
    rt.logs.push(`posting to ${hook}`);
  });
  expect(planted.violations[0]).toMatchObject({ kind: 'webhook leaked', detail: 'the log' });
}, 60_000);

describe('an editor whose own script writes into the file (issue 60)', () => {
  const forged: Step[] = [
    { kind: 'add', sites: ['small-shop-1.com', 'small-shop-2.com', 'small-shop-3.com'] },
    { kind: 'schedule', hour: 9, op: 'add' },
    { kind: 'teammate', who: 'cam', does: 'forge', from: 2, count: 1 },
    { kind: 'freeze', from: 2, count: 3, restore: true },
    { kind: 'generate', from: 2, count: 3 },
    { kind: 'elapse', minutes: 1440 },
  ];

  it('decides nothing the owner’s account does: no formula from a note, Generate not held, the schedule runs', async () => {
    expect((await runSteps(11, forged)).violations).toEqual([]);
  }, 60_000);

  it('the invariant fails when the add-on trusts the forged claim (planted: written as its own)', async () => {
    const planted = await runSteps(11, forged, (rt) => {
      const own = rt.spreadsheet
        .getDeveloperMetadata()
        .filter((md) => md.getKey().startsWith('vis.generating.'));
      if (!own.some((md) => md.visibility === 'PROJECT' && md.project === 'add-on'))
        rt.spreadsheet.addDeveloperMetadata(
          'vis.generating.forged',
          JSON.stringify({ run: 'forged', at: 0, until: rt.clock.now() + 60_000 }),
          'PROJECT',
        );
    });
    expect(planted.violations[0]).toMatchObject({ kind: 'acted on another person’s write' });
  }, 60_000);
});

describe('a team on one list (Ben with his own key, Cam with none)', () => {
  const team: Step[] = [
    {
      kind: 'add',
      sites: ['small-shop-1.com', 'small-shop-2.com', 'small-shop-3.com', 'small-shop-4.com'],
    },
    { kind: 'teammate', who: 'ben', does: 'generate', from: 2, count: 2 },
    { kind: 'generate', from: 4, count: 2 },
    { kind: 'teammate', who: 'cam', does: 'poll', from: 2, count: 1 },
    { kind: 'elapse', minutes: 5 },
    { kind: 'poll' },
    { kind: 'teammate', who: 'ben', does: 'poll', from: 2, count: 1 },
  ];

  it('holds every invariant as it is', async () => {
    expect((await runSteps(6, team)).violations).toEqual([]);
  }, 60_000);

  it('the own-keys invariant fails when a run sends another person’s key (planted: Ana’s key in Ben’s settings)', async () => {
    const planted = await runSteps(6, team, (rt) => {
      rt.userProperties(TEAM.ben.email).data['vis.apiKey'] = KEY;
    });
    expect(planted.violations[0]).toMatchObject({ kind: 'another’s key spent' });
  }, 60_000);

  /** The list's rows that name Ben as their maker, and where a column is. */
  const bens = (rt: Parameters<NonNullable<Parameters<typeof runSteps>[2]>>[0]) => {
    const list = rt.spreadsheet.sheets.find((s) => s.getName() === 'List')!;
    const head = list.probe.rows[0]!.map((c) => c.value);
    const by = head.indexOf('Requested by');
    const rows =
      by < 0 ? [] : list.probe.rows.slice(1).filter((r) => r[by]?.value === TEAM.ben.email);
    return { rows, at: (h: string) => head.indexOf(h) };
  };

  it('the others’-rows invariant fails when one person’s run changes another’s preview (planted: Ben’s rows rewritten)', async () => {
    let n = 0;
    const planted = await runSteps(6, team, (rt) => {
      const { rows, at } = bens(rt);
      for (const row of rows) row[at('Preview message')] = { value: `planted ${n++}` };
    });
    expect(planted.violations[0]).toMatchObject({ kind: 'changed another’s preview' });
  }, 60_000);

  it('the completion invariant fails when a person’s rows can never complete (planted: Ben’s key gone once his previews exist)', async () => {
    const planted = await runSteps(6, team, (rt) => {
      if (bens(rt).rows.length) delete rt.userProperties(TEAM.ben.email).data['vis.apiKey'];
    });
    expect(planted.violations[0]).toMatchObject({ kind: 'pending after a quiet week' });
  }, 60_000);
});

describe('a watched form in the season', () => {
  const steps: Step[] = [
    { kind: 'formResponse', site: 'nike.com', email: 'ok', consent: true, events: 1 },
    { kind: 'watch', on: true },
    { kind: 'formResponse', site: 'slack.com', email: 'ok', consent: false, events: 0 },
    { kind: 'formResponse', site: 'stripe.com', email: 'ok', consent: true, events: 2 },
    { kind: 'formResponse', site: 'stripe.com', email: 'again', consent: true, events: 1 },
    // Slack's response came with no event: the owner accepts it, as her Leads tab offers.
    { kind: 'acceptLeads' },
    { kind: 'elapse', minutes: 90 },
  ];
  it('holds: lead e-mails with consent only, never twice, every row handled', async () => {
    expect((await runSteps(6, steps)).violations).toEqual([]);
  }, 60_000);
  it('the consent invariant fails when a lead who said no is e-mailed (planted: the answer changed to yes)', async () => {
    const planted = await runSteps(6, steps, (rt) => {
      const form = rt.spreadsheet.getSheetByName('Form Responses 1');
      const at = form?.probe.rows[0]!.findIndex((c) => c.value === 'Consent') ?? -1;
      if (form && at >= 0) form.probe.rows.slice(1).forEach((row) => (row[at] = { value: 'Yes' }));
    });
    expect(planted.violations[0]).toMatchObject({ step: 5, kind: 'lead mailed without consent' });
  }, 60_000);
  it('the handled invariant fails when the owner’s watch is lost from their properties (planted)', async () => {
    const planted = await runSteps(6, steps, (rt) => {
      const props = rt.userProperties(rt.owner);
      for (const key of Object.keys(props.data))
        if (key.startsWith('vis.watch.')) delete props.data[key];
    });
    expect(planted.violations[0]).toMatchObject({ kind: 'lead not handled' });
  }, 60_000);
});
