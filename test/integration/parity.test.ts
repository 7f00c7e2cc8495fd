// npm run parity's local half: each probe answers in the local runtime as docs/platform-limits.md
// says Google does; without credentials the tool says what it needs in one line and fails.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { compare, localAnswers, NEEDS, PROBES } from '../../scripts/parity';

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
    E1: { value: 1 },
    T4: { error: 'The value passed to everyHours must be 1, 2, 4, 6, 8 or 12.' },
    K3: { value: 'the oldest written went' },
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
