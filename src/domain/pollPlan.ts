/**
 * Which pending previews to ask about now. The service finishes a preview 30 to 90 s after it
 * was requested and asks to be polled every 5 to 15 s: a preview is first asked for once it is
 * old enough to be done, then again no sooner than 15 s after the last ask, most overdue first.
 * The sidebar (every 10 s), the menu refresh and the trigger all follow this one rule. The first
 * ask at 40 s rather than 30 s: with previews finishing evenly over 30 to 90 s and the sidebar's
 * 10 s tick, asks fall at 40, 60, 80 and 100 s, about 2.5 GETs a preview, none later than 20 s
 * after it finished (measured in test/integration/previews.test.ts and the benchmark).
 */
import { timeOf } from './cells';
import { statusKind } from './status';

const FIRST_ASK_AFTER_MS = 40000;
const ASK_AGAIN_AFTER_MS = 15000;

export interface PendingPreview {
  uuid: string;
  /** When it was requested (the row's `Requested`), or null for rows made before that column. */
  requestedAt: number | null;
  /** When this uuid was last asked about, or null. */
  lastAskedAt: number | null;
}

/** When the preview may first be asked about again. */
function dueAt(p: PendingPreview): number {
  const first = p.requestedAt === null ? 0 : p.requestedAt + FIRST_ASK_AFTER_MS;
  const again = p.lastAskedAt === null ? 0 : p.lastAskedAt + ASK_AGAIN_AFTER_MS;
  return Math.max(first, again);
}

/** The distinct uuids due now, most overdue first, at most `limit` of them. */
export function duePreviews(pending: PendingPreview[], now: number, limit: number): string[] {
  const byUuid = new Map<string, number>();
  for (const p of pending) {
    const at = dueAt(p);
    if (at > now) continue;
    byUuid.set(p.uuid, Math.min(byUuid.get(p.uuid) ?? Infinity, at));
  }
  return Array.from(byUuid)
    .sort((a, b) => a[1] - b[1])
    .slice(0, Math.max(0, limit))
    .map(([uuid]) => uuid);
}

/** A running managed scan is asked about every 30 to 60 s, as the service asks. */
const SCAN_RUNNING_EVERY_MS = 30000;
/** A settled row (complete, failed, never scanned) changes only when a scan starts elsewhere. */
const SCAN_SETTLED_EVERY_MS = 10 * 60000;

/** A row showing an error (an unknown agent, a refusal, an outage) is tried again after this. */
const SCAN_ERROR_EVERY_MS = 2 * 60000;

/** Whether a scan monitor row is worth a request now. */
export function scanRowDue(state: string, lastChecked: unknown, now: number): boolean {
  const checked = timeOf(lastChecked);
  if (checked === null || state === '') return true;
  const every =
    statusKind(state) === 'running'
      ? SCAN_RUNNING_EVERY_MS
      : statusKind(state) === 'error'
        ? SCAN_ERROR_EVERY_MS
        : SCAN_SETTLED_EVERY_MS;
  return now - checked >= every;
}
