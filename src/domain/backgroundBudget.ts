/**
 * How long one firing of the background trigger may spend on schedules. Triggers share a daily
 * run time (90 minutes on a consumer account, 6 hours on Workspace: docs/platform-limits.md, Q2);
 * once it is spent Google runs no trigger at all until the next day, so pending previews and scans
 * would wait too. Schedules get what is left less a reserve that keeps the hourly polls going all
 * day; what does not fit continues the next day.
 */
export interface FiringBudget {
  /** Time this firing's schedules may start work in (ms); 0: they wait. */
  schedulesMs: number;
  /** The day's run time, not the firing's own budget, is what holds schedules back. */
  heldByDay: boolean;
}

export function firingBudget(i: {
  /** Trigger run time left today (ms). */
  leftTodayMs: number;
  /** What one firing may take at most (ms). */
  firingMs: number;
  /** Kept for the polls of the rest of the day (ms). */
  reserveMs: number;
}): FiringBudget {
  const forSchedules = Math.max(0, i.leftTodayMs - i.reserveMs);
  return {
    schedulesMs: Math.min(i.firingMs, forSchedules),
    heldByDay: forSchedules < i.firingMs,
  };
}

/** The run log's line when schedules wait for tomorrow's run time. */
export function waitingForTomorrow(
  waiting: number,
  usedMinutes: number,
  quotaMinutes: number,
): string {
  const what = waiting === 1 ? '1 due schedule waits' : `${waiting} due schedules wait`;
  return `${what} for tomorrow: the background work has run ${usedMinutes} of the ${quotaMinutes} minutes Google allows a day, and the rest is kept so pending previews and scans are still checked every hour. Work in progress continues where it stopped.`;
}
