// `npm run parity`: rules of docs/platform-limits.md written once as probes (functions of the
// probe project, test/fixtures/probe-bundle) that run in two places: the local runtime, and a
// real deployment through the Apps Script API's `scripts.run`. One line per rule: same, differs
// (with both outcomes), or not runnable there; outcomes are compared (a value, or a refusal),
// never Google's words, which it localises. Every run ends with a clean-up probe that deletes the
// project's triggers. `npm run parity -- --setup` makes the probe project in a folder of its own
// (never touching the development binding) and says what the token needs. Without credentials it
// says what it needs and exits non-zero; the local half runs in `npm test`
// (test/integration/parity.test.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GasRuntime } from '../dev/gas-runtime/runtime';

export interface Probe {
  rule: string;
  what: string;
  fn: string;
  args: unknown[];
  /** Calls made, the last one answering: E1 shows itself only on a second execution. */
  calls?: number;
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
  {
    rule: 'E1',
    what: 'every execution loads the project afresh',
    fn: 'probeState',
    args: [],
    calls: 2,
  },
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
  {
    rule: 'V2',
    what: 'a rejecting rule refuses the whole write',
    fn: 'probeParityValidation',
    args: [],
  },
  {
    rule: 'G15',
    what: 'text written is read as typed',
    fn: 'probeParityTyped',
    args: [],
  },
  {
    rule: 'G16',
    what: 'sheet names are unique whatever their case',
    fn: 'probeParityCase',
    args: [],
  },
  {
    rule: 'E8',
    what: 'Utilities.sleep sleeps at most 5 minutes',
    fn: 'probeSleep',
    args: [300001],
  },
  {
    rule: 'U4',
    what: 'a fetch sends at most 100 headers',
    fn: 'probeFetchWith',
    args: [
      'https://www.google.com/generate_204',
      { headers: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`X-P${i}`, 'v'])) },
    ],
  },
];

/** Run after every probe, there as here: the project keeps no trigger and no property of ours. */
export const CLEAN_UP: Probe = {
  rule: 'clean-up',
  what: 'triggers and properties the probes made, deleted',
  fn: 'probeParityCleanUp',
  args: [],
};

/**
 * The scopes the probe project asks for, and so the access token must carry: its own sheet,
 * triggers (T4, the clean-up) and one fetch (U4). No mail, no Drive.
 */
export const PROBE_SCOPES = [
  'https://www.googleapis.com/auth/spreadsheets.currentonly',
  'https://www.googleapis.com/auth/script.scriptapp',
  'https://www.googleapis.com/auth/script.external_request',
];

export type Answer = { value: unknown } | { error: string } | { notRunnable: string };

const PROBE_PROJECT = path.join(__dirname, '..', 'test', 'fixtures', 'probe-bundle');

/** Each probe's answer in the local runtime, each in a fresh one (a new file, a new user). */
export async function localAnswers(): Promise<Map<string, Answer>> {
  const out = new Map<string, Answer>();
  for (const p of PROBES) {
    const rt = new GasRuntime({ distDir: PROBE_PROJECT });
    try {
      for (let i = 1; i < (p.calls ?? 1); i++) rt.run(p.fn, p.args);
      out.set(p.rule, { value: rt.run(p.fn, p.args) });
    } catch (error) {
      out.set(p.rule, { error: (error as Error).message });
    } finally {
      await rt.close();
    }
  }
  return out;
}

/**
 * How the two places answered one rule, in one line. Outcomes are compared: the same value, or a
 * refusal on both sides whatever its words (Google's are in the account's language).
 */
export function compare(p: Probe, local: Answer, google: Answer): string {
  const outcome = (a: Answer) => ('value' in a ? JSON.stringify(a.value) : 'throws');
  const show = (a: Answer) =>
    'value' in a ? JSON.stringify(a.value) : 'error' in a ? `throws "${a.error}"` : a.notRunnable;
  if ('notRunnable' in google)
    return `${p.rule} ${p.what}: not runnable there (${google.notRunnable})`;
  return outcome(local) === outcome(google)
    ? `${p.rule} ${p.what}: same`
    : `${p.rule} ${p.what}: differs (local ${show(local)}, Google ${show(google)})`;
}

export const NEEDS =
  'npm run parity needs the probe project and an OAuth access token with its scopes: run npm run parity -- --setup once, then set PARITY_SCRIPT_ID and PARITY_ACCESS_TOKEN as it says (docs/deploy.md, "Parity with Google").';

/** The probe project's manifest: its scopes, and callable by its owner through `scripts.run`. */
export const PROBE_MANIFEST = {
  timeZone: 'Etc/UTC',
  runtimeVersion: 'V8',
  exceptionLogging: 'NONE',
  oauthScopes: PROBE_SCOPES,
  executionApi: { access: 'MYSELF' },
};

/**
 * Makes the probe project in a new folder of its own (so the repository's `.clasp.json`, the
 * development binding, is never touched): a spreadsheet-bound script holding the probes, its
 * manifest written after `clasp create` (which writes the new project's own), pushed and deployed
 * once. Returns the folder, the script id and what to do next, word for word.
 */
export function setup(
  clasp = process.env.PARITY_CLASP ?? path.join('node_modules', '.bin', 'clasp'),
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vis-parity-probe-'));
  const run = (args: string[]) => {
    const r = spawnSync(path.resolve(clasp), args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0)
      throw new Error(`clasp ${args[0]} failed in ${dir}: ${(r.stderr || r.stdout).trim()}`);
  };
  run([
    'create',
    '--type',
    'sheets',
    '--title',
    'Visibility for Sheets: parity probes',
    '--rootDir',
    '.',
  ]);
  copyFileSync(path.join(PROBE_PROJECT, 'Code.js'), path.join(dir, 'Code.js'));
  writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify(PROBE_MANIFEST, null, 2));
  run(['push', '--force']);
  run(['deploy', '--description', 'parity probes']);
  const { scriptId } = JSON.parse(readFileSync(path.join(dir, '.clasp.json'), 'utf8')) as {
    scriptId: string;
  };
  const steps = [
    `The probe project is made: script ${scriptId}, in ${dir} (its own .clasp.json; the repository's is untouched).`,
    '1. In its Apps Script editor (npx clasp open-script there), Project Settings > Google Cloud Platform project: switch it to a standard Cloud project of yours with the Apps Script API enabled. scripts.run only accepts a token from an OAuth client of the same Cloud project.',
    '2. In that Cloud project, APIs & Services > Credentials: create an OAuth client of type Desktop app and download its JSON.',
    `3. Get a token with exactly the probe project's scopes: gcloud auth application-default login --client-id-file=<that JSON> --scopes=${PROBE_SCOPES.join(',')} then gcloud auth application-default print-access-token.`,
    `4. PARITY_SCRIPT_ID=${scriptId} PARITY_ACCESS_TOKEN=<the token> npm run parity`,
    'Every run ends by deleting the triggers and properties the probes made. Delete the probe spreadsheet from your Drive when you are done.',
  ];
  return { dir, scriptId, steps };
}

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
  if (process.argv.includes('--setup')) {
    for (const line of setup().steps) console.log(line);
    return;
  }
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
  try {
    for (const p of PROBES) {
      for (let i = 1; i < (p.calls ?? 1); i++) await googleAnswer(p, scriptId, token);
      const line = compare(p, local.get(p.rule)!, await googleAnswer(p, scriptId, token));
      if (line.includes(': differs')) differs++;
      console.log(line);
    }
  } finally {
    const cleaned = await googleAnswer(CLEAN_UP, scriptId, token);
    console.log(
      `clean-up: ${'value' in cleaned ? `${String(cleaned.value)} trigger(s) deleted` : JSON.stringify(cleaned)}`,
    );
  }
  if (differs) process.exitCode = 1;
}

if (require.main === module) void main();
