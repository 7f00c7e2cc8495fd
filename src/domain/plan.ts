/**
 * The service's plan for a key, as far as the add-on can know it: the service has no account
 * endpoint, so the plan is learnt from Generate (a preview made means Starter or Pro; a plan
 * refusal names the current plan).
 */
import type { ServiceError } from '../api/errors';

/** What a Generate run showed of the plan, or null when it showed nothing. */
export function planShown(run: { refusal: ServiceError | null; created: number }): string | null {
  if (run.refusal?.code === 'PLAN_UPGRADE_REQUIRED') return run.refusal.currentPlan ?? 'free';
  return run.created > 0 ? 'paid' : null;
}

/** The plan in the words of the sidebar's account line. */
export function planWords(plan: string | null): string | null {
  if (plan === null) return null;
  if (plan === 'paid') return 'Starter or Pro plan';
  const name = `${plan.charAt(0).toUpperCase()}${plan.slice(1)} plan`;
  return plan === 'free' ? `${name}: previews need Starter or Pro` : name;
}
