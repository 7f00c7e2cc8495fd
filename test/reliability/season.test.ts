// A season in one run (dev/season.ts): four seeded seasons of forty steps of mixed use on the built
// bundle, every invariant checked after every step and after a quiet week. A failure is shrunk to
// its fewest steps and printed as a replay to keep. `npm run soak` runs as many as asked.
import { runSteps, seasonSteps, shrink } from '../../dev/season';

const SEEDS = [1, 2, 3, 4];
const STEPS = 40;

it.each(SEEDS)(
  'season %i holds every invariant',
  async (seed) => {
    const result = await runSteps(seed, seasonSteps(seed, STEPS));
    if (result.violations.length) {
      const shrunk = await shrink(result);
      throw new Error(
        `seed ${seed}: ${JSON.stringify(shrunk.violations[0])}\nreplay: ${JSON.stringify(shrunk.steps)}`,
      );
    }
    expect(result.checks).toBe(STEPS + 1);
  },
  120_000,
);

it('a replay is the same season: the steps come from the seed alone', () => {
  expect(seasonSteps(7, 50)).toEqual(seasonSteps(7, 50));
  expect(seasonSteps(7, 50)).not.toEqual(seasonSteps(8, 50));
});
