/**
 * A Workspace Studio agent, simulated: its steps run in order, each step's inputs typed or taken
 * from an earlier step's output variables, and a retryable error tries the step again, up to 5
 * more times, before the agent halts (Google's "Handle errors" page; docs/platform-limits.md S3).
 * Google does not say how long Studio waits between tries; the simulator waits 30 s, then twice
 * as long each time (15.5 minutes over five retries), and the guide says so. Studio's own steps
 * (send an e-mail, post to Chat) are plain functions here. Every try is a line of the agent's
 * Activity, as Studio shows it.
 */
import type { GasRuntime } from './gas-runtime/runtime';
import type { StepValue } from './gas-runtime/studio';

export type Binding = StepValue | { from: string; output: string };
type Values = Record<string, StepValue | null>;

export type AgentStep = { label: string; inputs: Record<string, Binding> } & (
  { step: string } | { builtin: (inputs: Values) => Values }
);

export interface ActivityLine {
  label: string;
  /** 1 for the first try. */
  attempt: number;
  /** The emulated clock when the try ran. */
  at: number;
  outcome: 'done' | 'retrying' | 'halted';
  log: string;
  /** A halted step's "Fix it" button, which opens its configuration card. */
  fixIt?: boolean;
}

export interface AgentRun {
  activity: ActivityLine[];
  variables: Record<string, Values>;
  /** The step the agent stopped at, or null when every step ran. */
  halted: string | null;
}

export const STUDIO_RETRIES = 5;
export const RETRY_WAITS_MS = [30, 60, 120, 240, 480].map((s) => s * 1000);

function bound(inputs: Record<string, Binding>, variables: Record<string, Values>) {
  const out: Record<string, StepValue> = {};
  for (const [id, b] of Object.entries(inputs)) {
    const value = typeof b === 'object' ? variables[b.from]?.[b.output] : b;
    // An empty variable leaves the input empty, as Studio passes it.
    if (value !== null && value !== undefined) out[id] = value;
  }
  return out;
}

export async function runAgent(
  rt: GasRuntime,
  steps: AgentStep[],
  options: { elapse: (ms: number) => Promise<void>; user?: string; retryWaitsMs?: number[] },
): Promise<AgentRun> {
  const waits = options.retryWaitsMs ?? RETRY_WAITS_MS;
  const run: AgentRun = { activity: [], variables: {}, halted: null };
  for (const step of steps) {
    const inputs = bound(step.inputs, run.variables);
    if ('builtin' in step) {
      run.variables[step.label] = step.builtin(inputs);
      run.activity.push({
        label: step.label,
        attempt: 1,
        at: rt.clock.now(),
        outcome: 'done',
        log: '',
      });
      continue;
    }
    for (let attempt = 1; ; attempt++) {
      const answer = rt.runStep(step.step, inputs, options.user);
      const line = { label: step.label, attempt, at: rt.clock.now(), log: answer.log };
      if (answer.kind === 'outputs') {
        run.variables[step.label] = answer.outputs;
        run.activity.push({ ...line, outcome: 'done' });
        break;
      }
      if (answer.retryable && attempt <= STUDIO_RETRIES) {
        run.activity.push({ ...line, outcome: 'retrying' });
        await options.elapse(waits[attempt - 1] ?? waits[waits.length - 1]!);
        continue;
      }
      run.activity.push({ ...line, outcome: 'halted', fixIt: answer.actionable });
      run.halted = step.label;
      return run;
    }
  }
  return run;
}

/**
 * The guide's lead magnet (docs/guide/studio-steps.md): a form's response → Create visibility
 * preview → Wait for the preview's score → Studio's "Send an email", which lands in `outbox`.
 */
export function leadMagnetAgent(
  response: { website: string; email: string },
  outbox: string[],
): AgentStep[] {
  return [
    { label: 'form response', inputs: {}, builtin: () => ({ ...response }) },
    {
      label: 'Create visibility preview',
      step: 'createVisibilityPreview',
      inputs: { website: { from: 'form response', output: 'website' } },
    },
    {
      label: 'Wait for the preview’s score',
      step: 'waitForPreviewScore',
      inputs: { previewId: { from: 'Create visibility preview', output: 'previewId' } },
    },
    {
      label: 'Send an email',
      inputs: {
        to: { from: 'form response', output: 'email' },
        link: { from: 'Create visibility preview', output: 'reportLink' },
        score: { from: 'Wait for the preview’s score', output: 'score' },
      },
      builtin: (v) => {
        outbox.push(`${String(v.to)}: ${String(v.link)} (${String(v.score)})`);
        return {};
      },
    },
  ];
}

/**
 * The guide's weekly check: a site → Get AI-visibility score → Studio's "Post a message in Chat"
 * when the score moved from `lastWeek`, which lands in `outbox`.
 */
export function weeklyCheckAgent(website: string, lastWeek: number, outbox: string[]): AgentStep[] {
  return [
    { label: 'schedule', inputs: {}, builtin: () => ({ website }) },
    {
      label: 'Get AI-visibility score',
      step: 'getVisibilityScore',
      inputs: { website: { from: 'schedule', output: 'website' } },
    },
    {
      label: 'Post a message in Chat',
      inputs: {
        brand: { from: 'Get AI-visibility score', output: 'brand' },
        now: { from: 'Get AI-visibility score', output: 'score' },
      },
      builtin: (v) => {
        if (v.now !== null && v.now !== lastWeek)
          outbox.push(`${String(v.brand)}: ${lastWeek} → ${String(v.now)}`);
        return {};
      },
    },
  ];
}
