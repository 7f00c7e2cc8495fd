// `npm run parity`: rules of docs/platform-limits.md written once as probes (functions of the
// probe project, test/fixtures/probe-bundle) that run in two places: the local runtime, and a
// real deployment through the Apps Script API's `scripts.run`. One line per rule: same, differs
// (with both answers), or not runnable there. Without credentials it says what it needs and
// exits non-zero; the local half runs in `npm test` (test/integration/parity.test.ts).
import path from 'node:path';
import { GasRuntime } from '../dev/gas-runtime/runtime';

export interface Probe {
  rule: string;
  what: string;
  fn: string;
  args: unknown[];
}

/** The rules a single call can show, with nothing set up around it (no clock, no second user). */
export const PROBES: readonly Probe[] = [
  { rule: 'G1', what: 'a new sheet has 1,000 rows', fn: 'probeGrid', args: [1000, 1, 1, 1] },
  { rule: 'G2', what: 'a range past the grid throws', fn: 'probeGrid', args: [1001, 1, 1, 1] },
  {
    rule: 'P1',
    what: 'a property value counts bytes of UTF-8',
    fn: 'probePropText',
    args: ['parity', 'é'.repeat(4700)],
  },
  {
    rule: 'U3',
    what: 'HMAC-SHA256 as Java signed bytes, web-safe base64',
    fn: 'probeHmac',
    args: ['what do ya want for nothing?', 'Jefe'],
  },
  { rule: 'E1', what: 'every execution loads the project afresh', fn: 'probeState', args: [] },
  {
    rule: 'T4',
    what: 'everyHours takes only 1, 2, 4, 6, 8 or 12',
    fn: 'probeHourTrigger',
    args: [3],
  },
  {
    rule: 'K3',
    what: 'past 1,000 items a cache lets the oldest written go',
    fn: 'probeCacheOrder',
    args: [],
  },
];

export type Answer = { value: unknown } | { error: string } | { notRunnable: string };

const PROBE_PROJECT = path.join(__dirname, '..', 'test', 'fixtures', 'probe-bundle');

/** Each probe's answer in the local runtime, each in a fresh one (a new file, a new user). */
export async function localAnswers(): Promise<Map<string, Answer>> {
  const out = new Map<string, Answer>();
  for (const p of PROBES) {
    const rt = new GasRuntime({ distDir: PROBE_PROJECT });
    try {
      out.set(p.rule, { value: rt.run(p.fn, p.args) });
    } catch (error) {
      out.set(p.rule, { error: (error as Error).message });
    } finally {
      await rt.close();
    }
  }
  return out;
}

/** How the two places answered one rule, in one line. */
export function compare(p: Probe, local: Answer, google: Answer): string {
  const show = (a: Answer) =>
    'value' in a ? JSON.stringify(a.value) : 'error' in a ? `throws "${a.error}"` : a.notRunnable;
  if ('notRunnable' in google)
    return `${p.rule} ${p.what}: not runnable there (${google.notRunnable})`;
  return show(local) === show(google)
    ? `${p.rule} ${p.what}: same`
    : `${p.rule} ${p.what}: differs (local ${show(local)}, Google ${show(google)})`;
}

export const NEEDS =
  'npm run parity needs an API-executable deployment of test/fixtures/probe-bundle and an OAuth access token with its scopes: set PARITY_SCRIPT_ID and PARITY_ACCESS_TOKEN (docs/deploy.md, "Parity with Google").';

/** One probe through `scripts.run` (https://developers.google.com/apps-script/api/reference/rest/v1/scripts/run). */
async function googleAnswer(p: Probe, scriptId: string, token: string): Promise<Answer> {
  const response = await fetch(`https://script.googleapis.com/v1/scripts/${scriptId}:run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ function: p.fn, parameters: p.args, devMode: true }),
  });
  const body = (await response.json().catch(() => null)) as {
    response?: { result?: unknown };
    error?: { message?: string; details?: Array<{ errorMessage?: string }> };
  } | null;
  if (!response.ok || !body)
    return {
      notRunnable: `HTTP ${response.status}${body?.error?.message ? `: ${body.error.message}` : ''}`,
    };
  const thrown = body.error?.details?.[0]?.errorMessage;
  return thrown !== undefined ? { error: thrown } : { value: body.response?.result ?? null };
}

async function main(): Promise<void> {
  const local = await localAnswers();
  const [scriptId, token] = [process.env.PARITY_SCRIPT_ID, process.env.PARITY_ACCESS_TOKEN];
  if (!scriptId || !token) {
    for (const p of PROBES)
      console.log(`${p.rule} ${p.what}: local ${JSON.stringify(local.get(p.rule))}`);
    console.error(NEEDS);
    process.exitCode = 1;
    return;
  }
  let differs = 0;
  for (const p of PROBES) {
    const line = compare(p, local.get(p.rule)!, await googleAnswer(p, scriptId, token));
    if (line.includes(': differs')) differs++;
    console.log(line);
  }
  if (differs) process.exitCode = 1;
}

if (require.main === module) void main();
