/**
 * The self-check as plain data: each check is a name and what happened. A check passes when the
 * platform behaved as docs/platform-limits.md says; its detail is the platform's own words.
 */
export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/** A check's outcome from what it returned or threw: a thrown error is the platform's message. */
export function checkOutcome(name: string, run: () => string): CheckResult {
  try {
    return { name, ok: true, detail: run() };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { name, ok: false, detail: detail || 'failed with no message' };
  }
}

/** A check that must see the platform refuse: passes with the refusal's message. */
export function expectRefusal(act: () => unknown, what: string): string {
  try {
    act();
  } catch (error) {
    return `refused as expected: ${error instanceof Error ? error.message : String(error)}`;
  }
  throw new Error(`${what} was allowed: the catalog in docs/platform-limits.md is wrong here`);
}

/** The line for the run log and the dialog's heading. */
export function selfCheckSummary(checks: CheckResult[]): string {
  const failed = checks.filter((c) => !c.ok);
  if (!failed.length) return `All ${checks.length} checks passed.`;
  return `${failed.length} of ${checks.length} checks failed: ${failed.map((c) => c.name).join('; ')}.`;
}
