// Workspace Studio's steps on the built bundle, through the runtime's model of Studio
// (dev/gas-runtime/studio.ts) and its agent simulator (dev/studioAgent.ts): each step over its
// states, the errors Studio shows with their "Fix it" and retries, and the two agents the guide
// builds, run end to end against the emulator.
import { readFileSync } from 'node:fs';
import type { StepAnswer } from '../../dev/gas-runtime/studio';
import { leadMagnetAgent, runAgent, STUDIO_RETRIES, weeklyCheckAgent } from '../../dev/studioAgent';
import { STUDIO_STEPS } from '../../src/contract/studio';
import { sidebar } from '../sidebarApi';
import { KEYS, startWorld, type World } from './harness';

const BEN = 'ben@gmail.com';
const { score, create, wait } = STUDIO_STEPS;

let w: World;
beforeEach(async () => {
  w = await startWorld({ apiKey: KEYS.starter });
});
afterEach(() => w.close());

const outputsOf = (a: StepAnswer) => {
  if (a.kind !== 'outputs') throw new Error(`an error: ${a.log}`);
  return a.outputs;
};
const errorOf = (a: StepAnswer) => {
  if (a.kind !== 'error') throw new Error(`outputs: ${JSON.stringify(a.outputs)}`);
  return a;
};

describe('the manifest and the configuration cards', () => {
  it('declares the three steps, each card naming its input and taking earlier steps’ variables', () => {
    const manifest = JSON.parse(readFileSync('dist/appsscript.json', 'utf8')) as {
      addOns: { flows: { workflowElements: Array<{ id: string; name: string }> } };
    };
    expect(manifest.addOns.flows.workflowElements.map((e) => e.name)).toEqual([
      'Get AI-visibility score',
      'Create visibility preview',
      'Wait for the preview’s score',
    ]);
    for (const step of [score, create, wait]) {
      const card = w.rt.stepConfig(step.id);
      const inputs = card.sections.flatMap((s) => s.widgets);
      expect(inputs).toEqual([
        expect.objectContaining({ fieldName: step.inputs[0].id, takesVariables: true }),
      ]);
    }
  });
});

describe('Get AI-visibility score', () => {
  it('gives the Public score, its level, each engine (empty where not asked), the scan day and page, with no key', () => {
    sidebar(w.rt, BEN).saveSettings({ baseUrl: w.emu.baseUrl });
    const out = outputsOf(w.rt.runStep(score.id, { website: 'vertexcoffee.co.uk' }, BEN));
    expect(out).toMatchObject({
      score: expect.any(Number),
      level: expect.stringMatching(/^(invisible|low|moderate|strong|dominant)$/),
      chatgptScore: 43,
      claudeScore: null,
      scanDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      brandPage: expect.stringMatching(/^https?:\/\/.*\/brands\//),
    });
    const acme = w.rt.runStep(score.id, { website: 'acmeanalytics.com' });
    expect(acme.log).toMatch(
      /acmeanalytics\.com: Acme Analytics has a Public score of 43 \(moderate\)/,
    );
  });

  it('says a site the index lacks and an address that is not a website, with Fix it and no retry', () => {
    for (const website of ['no-such-brand-here.example', 'not a site']) {
      const e = errorOf(w.rt.runStep(score.id, { website }));
      expect(e).toMatchObject({ actionable: true, retryable: false });
    }
    expect(errorOf(w.rt.runStep(score.id, {})).log).toMatch(/no website/);
  });

  it('asks Studio to try again while the service is down, and counts in the sidebar’s meter', async () => {
    const before = sidebar(w.rt).getUsage().today;
    await w.emu.faults({ rate5xx: 1 });
    const e = errorOf(w.rt.runStep(score.id, { website: 'acmeanalytics.com' }));
    expect(e).toMatchObject({ actionable: false, retryable: true });
    expect(sidebar(w.rt).getUsage().today).toBeGreaterThan(before);
  });
});

describe('Create visibility preview and Wait for the preview’s score', () => {
  it('makes one preview, gives its link and ID, then its Preview scan score once complete', async () => {
    const made = outputsOf(w.rt.runStep(create.id, { website: 'bluebirdsoftware.com' }));
    expect(made).toMatchObject({
      reportLink: expect.stringMatching(/\/visibility-scan-preview\/[0-9a-f-]{36}$/),
      previewId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      state: 'pending',
    });
    const pending = errorOf(w.rt.runStep(wait.id, { previewId: made.previewId! }));
    expect(pending).toMatchObject({ actionable: false, retryable: true });
    expect(pending.log).toMatch(/still scanning/);
    await w.elapse(2 * 60_000);
    const done = outputsOf(w.rt.runStep(wait.id, { previewId: made.previewId! }));
    expect(done).toMatchObject({ score: expect.any(Number), level: expect.any(String) });
    expect((await w.emu.stats()).previewsCreated).toBe(1);
  });

  it('refuses without a key, on a free plan, and for another key’s preview, each with Fix it', () => {
    const made = outputsOf(w.rt.runStep(create.id, { website: 'bluebirdsoftware.com' }));
    sidebar(w.rt, BEN).saveSettings({ baseUrl: w.emu.baseUrl });
    for (const answer of [
      w.rt.runStep(create.id, { website: 'bluebirdsoftware.com' }, BEN),
      w.rt.runStep(wait.id, { previewId: made.previewId! }, BEN),
    ])
      expect(errorOf(answer)).toMatchObject({
        actionable: true,
        retryable: false,
        log: expect.stringMatching(/API key/),
      });
    sidebar(w.rt, BEN).saveSettings({ apiKey: KEYS.free });
    const free = errorOf(w.rt.runStep(create.id, { website: 'bluebirdsoftware.com' }, BEN));
    expect(free).toMatchObject({ actionable: true, retryable: false });
    sidebar(w.rt, BEN).saveSettings({ apiKey: KEYS.pro });
    const other = errorOf(w.rt.runStep(wait.id, { previewId: made.previewId! }, BEN));
    expect(other.log).toMatch(/did not make this preview/);
    for (const key of Object.values(KEYS)) expect(JSON.stringify([free, other])).not.toContain(key);
  });
});

describe('the agents of the guide, end to end', () => {
  const elapse = (ms: number) => w.elapse(ms);

  it('form submitted → create a preview → wait for its score → e-mail: one preview, one e-mail, three retries', async () => {
    const mails: string[] = [];
    const agent = leadMagnetAgent(
      { website: 'studio-lead.example', email: 'jo@lead.example' },
      mails,
    );
    // studio-lead.example's preview takes 57 s: tries at 0, 20, 40 and 60 s.
    const run = await runAgent(w.rt, agent, {
      elapse,
      retryWaitsMs: [20_000, 20_000, 20_000, 20_000, 20_000],
    });
    expect(run.halted).toBeNull();
    expect(
      run.activity.filter((a) => a.label === 'Wait for the preview’s score').map((a) => a.outcome),
    ).toEqual(['retrying', 'retrying', 'retrying', 'done']);
    expect(mails).toEqual([
      expect.stringMatching(/^jo@lead\.example: http.*visibility-scan-preview\/.* \(\d+\)$/),
    ]);
    expect((await w.emu.stats()).previewsCreated).toBe(1);
  });

  it('halts after five retries while the service stays down, with no Fix it', async () => {
    const made = outputsOf(w.rt.runStep(create.id, { website: 'bluebirdsoftware.com' }));
    await w.emu.faults({ rate5xx: 1 });
    const run = await runAgent(
      w.rt,
      [{ label: 'score', step: wait.id, inputs: { previewId: made.previewId! } }],
      { elapse },
    );
    expect(run.halted).toBe('score');
    expect(run.activity).toHaveLength(STUDIO_RETRIES + 1);
    expect(run.activity.at(-1)).toMatchObject({ outcome: 'halted', fixIt: false });
  });

  it('every Monday → the score of each site → a Chat post when it moved', async () => {
    const posts: string[] = [];
    const lastWeek: Record<string, number> = { 'acmeanalytics.com': 38, 'vertexcoffee.co.uk': 0 };
    for (const [site, score] of Object.entries(lastWeek)) {
      const run = await runAgent(w.rt, weeklyCheckAgent(site, score, posts), { elapse });
      expect(run.halted).toBeNull();
    }
    expect(posts).toEqual([
      'Acme Analytics: 38 → 43',
      expect.stringMatching(/^Vertex Coffee: 0 → \d+$/),
    ]);
  });
});
