import { serviceError } from '../../src/api/errors';
import { planShown, planWords } from '../../src/domain/plan';

describe('the plan learnt from Generate', () => {
  it.each([
    [
      'a plan refusal naming the plan',
      serviceError('PLAN_UPGRADE_REQUIRED', { currentPlan: 'free' }),
      0,
      'free',
    ],
    ['a plan refusal naming none', serviceError('PLAN_UPGRADE_REQUIRED'), 0, 'free'],
    [
      'a plan refusal naming another plan',
      serviceError('PLAN_UPGRADE_REQUIRED', { currentPlan: 'trial' }),
      0,
      'trial',
    ],
    ['previews made', null, 3, 'paid'],
    ['a read-only refusal after some were made', serviceError('READ_ONLY'), 2, 'paid'],
    ['a read-only refusal, nothing made', serviceError('READ_ONLY'), 0, null],
    ['nothing made, nothing refused', null, 0, null],
  ])('%s', (_, refusal, created, plan) => {
    expect(planShown({ refusal, created })).toBe(plan);
  });

  it.each([
    [null, null],
    ['paid', 'Starter or Pro plan'],
    ['free', 'Free plan: previews need Starter or Pro'],
    ['trial', 'Trial plan'],
  ])('%s reads "%s"', (plan, words) => {
    expect(planWords(plan)).toBe(words);
  });
});
