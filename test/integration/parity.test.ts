// npm run parity's local half: each probe answers in the local runtime as docs/platform-limits.md
// says Google does; without credentials the tool says what it needs in one line and fails.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  compare,
  localAnswers,
  NEEDS,
  PROBE_MANIFEST,
  PROBE_SCOPES,
  PROBES,
  setup,
} from '../../scripts/parity';

it('every probe answers locally as its rule says', async () => {
  const answers = await localAnswers();
  expect(Object.fromEntries(answers)).toEqual({
    G1: { value: 1 },
    G2: { error: 'The coordinates of the range are outside the dimensions of the sheet.' },
    P1: { error: 'Argument too large: value' },
    // RFC 4231's second case, as Node computes it, web-safe.
    U3: {
      value: expect.objectContaining({
        text: createHmac('sha256', 'Jefe')
          .update('what do ya want for nothing?')
          .digest('base64')
          .replace(/\+/g, '-')
          .replace(/\//g, '_'),
      }),
    },
    // The second execution's answer: the first one's global did not survive it.
    E1: { value: 1 },
    T4: { error: 'The value passed to everyHours must be 1, 2, 4, 6, 8 or 12.' },
    K3: { value: 'the oldest written went' },
    V2: { value: 'refused, and A1 untouched' },
    G15: { value: ['boolean', 'date', 'number', 'number', 'string'] },
    G16: { error: 'A sheet with the name "parity-g16" already exists. Please enter another name.' },
    E8: { error: 'Invalid argument: milliseconds' },
    U4: { error: 'Limit Exceeded: URLFetch Headers.' },
  });
});

it.each([
  [{ value: 1 }, { value: 1 }, 'G1 a new sheet has 1,000 rows: same'],
  [{ value: 1 }, { value: 2 }, 'G1 a new sheet has 1,000 rows: differs (local 1, Google 2)'],
  [
    { value: 1 },
    { error: 'Range not found' },
    'G1 a new sheet has 1,000 rows: differs (local 1, Google throws "Range not found")',
  ],
  // Outcomes, not words: Google words its refusals in the account's language.
  [
    { error: 'Range not found' },
    { error: 'Bereich nicht gefunden' },
    'G1 a new sheet has 1,000 rows: same',
  ],
  [
    { value: 1 },
    { notRunnable: 'HTTP 403' },
    'G1 a new sheet has 1,000 rows: not runnable there (HTTP 403)',
  ],
])('%j locally, %j on Google: %s', (local, google, line) => {
  expect(compare(PROBES[0]!, local, google)).toBe(line);
});

it('without credentials it prints the local answers, says what it needs, and exits non-zero', () => {
  const env = { ...process.env, PARITY_SCRIPT_ID: '', PARITY_ACCESS_TOKEN: '' };
  const r = spawnSync('npx', ['tsx', 'scripts/parity.ts'], { encoding: 'utf8', env });
  expect(r.status).toBe(1);
  expect(r.stderr.trim()).toBe(NEEDS);
  expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(PROBES.length);
}, 30000);

it('--setup makes the probe project in a folder of its own, with API-executable access, and says what the token needs', () => {
  const bin = mkdtempSync(path.join(os.tmpdir(), 'clasp-stand-in-'));
  const calls = path.join(bin, 'calls.log');
  const clasp = path.join(bin, 'clasp');
  // A stand-in for clasp: create writes what clasp 3 writes (.clasp.json and the new project's
  // own manifest); every call is recorded with the files of the folder it ran in.
  writeFileSync(
    clasp,
    `#!/usr/bin/env node
const fs = require('fs');
const [cmd] = process.argv.slice(2);
if (cmd === 'create') {
  fs.writeFileSync('.clasp.json', JSON.stringify({ scriptId: 'probe-script-1', rootDir: '.' }));
  fs.writeFileSync('appsscript.json', JSON.stringify({ timeZone: 'America/New_York' }));
}
fs.appendFileSync(${JSON.stringify(calls)}, JSON.stringify({ args: process.argv.slice(2), files: fs.readdirSync('.').sort() }) + '\\n');
`,
  );
  chmodSync(clasp, 0o755);
  const before = readFileSync('.clasp.json', 'utf8');
  const made = setup(clasp);
  expect(readFileSync('.clasp.json', 'utf8')).toBe(before);
  expect(made.scriptId).toBe('probe-script-1');
  expect(JSON.parse(readFileSync(path.join(made.dir, 'appsscript.json'), 'utf8'))).toEqual(
    PROBE_MANIFEST,
  );
  expect(PROBE_MANIFEST.executionApi).toEqual({ access: 'MYSELF' });
  const recorded = readFileSync(calls, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { args: string[]; files: string[] });
  expect(recorded.map((r) => r.args[0])).toEqual(['create', 'push', 'deploy']);
  // What was pushed: the probes and the manifest written after create, nothing of the repository.
  expect(recorded[1]!.files).toEqual(['.clasp.json', 'Code.js', 'appsscript.json']);
  const said = made.steps.join('\n');
  for (const scope of PROBE_SCOPES) expect(said).toContain(scope);
  expect(said).toContain('PARITY_SCRIPT_ID=probe-script-1');
  expect(said).toMatch(/OAuth client of type Desktop app/);
});
