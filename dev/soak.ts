// `npm run soak -- --seeds N --steps M [--from SEED]`: seasons (dev/season.ts) for as long as
// asked, with a progress line and a summary: steps run, invariants checked, violations by kind.
// A violation is shrunk to its fewest steps and printed as a replay to keep as a test. Then the
// big-list tests run again at the size users reach (test/size.ts): `npm test` runs them smaller.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { flags, positiveNumber, wholeNumber } from './args';
import { stopIdleEmulators } from './emulator/process';
import { runSteps, seasonSteps, shrink, type SeasonResult } from './season';

const args = flags(
  'npm run soak -- [--seeds 20] [--steps 100] [--from 1]',
  { seeds: '20', steps: '100', from: '1' },
  [],
  { seeds: positiveNumber, steps: positiveNumber, from: wholeNumber },
);

async function main(): Promise<void> {
  const started = Date.now();
  const [seeds, steps, from] = [args.seeds, args.steps, args.from].map(Number) as [
    number,
    number,
    number,
  ];
  let stepsRun = 0;
  let checks = 0;
  const byKind = new Map<string, number>();
  const failed: SeasonResult[] = [];
  for (let seed = from; seed < from + seeds; seed++) {
    const result = await runSteps(seed, seasonSteps(seed, steps));
    stepsRun += result.steps.length;
    checks += result.checks;
    for (const v of result.violations) byKind.set(v.kind, (byKind.get(v.kind) ?? 0) + 1);
    if (result.violations.length) failed.push(await shrink(result));
    process.stderr.write(
      `\r… seed ${seed} (${seed - from + 1}/${seeds}): ${stepsRun} steps, ${checks} checks, ${failed.length} failing   `,
    );
  }
  process.stderr.write('\n');
  console.log(
    `${seeds} seasons x ${steps} steps: ${stepsRun} steps run, ${checks} times every invariant checked, in ${Math.round((Date.now() - started) / 1000)} s.`,
  );
  console.log(
    byKind.size
      ? `Violations: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}.`
      : 'Violations: none.',
  );
  for (const f of failed)
    console.log(
      `Replay (seed ${f.seed}, ${f.steps.length} steps): ${f.violations[0]!.kind}: ${f.violations[0]!.detail}\n${JSON.stringify(f.steps)}`,
    );
  if (failed.length) process.exitCode = 1;
  if (!fullSizeTestsPass()) process.exitCode = 1;
}

/** Every test file that sizes its lists with `sized`, run with VIS_FULL_SIZE=1. */
function fullSizeTestsPass(): boolean {
  const files = readdirSync('test', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('test', f))
    .filter((f) => /import \{ sized \} from '\.\.\/size'/.test(readFileSync(f, 'utf8')));
  console.log(`Full-size lists: ${files.join(', ')}`);
  const run = spawnSync('npx', ['jest', ...files], {
    stdio: 'inherit',
    env: { ...process.env, VIS_FULL_SIZE: '1' },
  });
  return run.status === 0;
}

void main().finally(stopIdleEmulators);
