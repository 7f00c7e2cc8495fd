/**
 * Google's daily quotas are windows, not calendar days: "Quotas are per user and reset 24 hours
 * after the first request" (https://developers.google.com/apps-script/guides/services/quotas).
 * A user's window of a quota opens at their first use of it, closes 24 hours later, and the next
 * use opens the next one. Counters are kept by window: `user start-ms`.
 */
const WINDOW_MS = 24 * 3600 * 1000;

export type QuotaKind = 'urlfetch' | 'properties' | 'triggers' | 'email' | 'slides';

export class QuotaWindows {
  private readonly starts = new Map<string, number>();

  /** The key of `user`'s open window of `kind` at `now`, opening one when none is open. */
  use(kind: QuotaKind, user: string, now: number): string {
    return this.open(kind, user, now) ?? this.start(kind, user, now);
  }

  /** The key of `user`'s open window of `kind`, or null when none is (nothing counted yet). */
  open(kind: QuotaKind, user: string, now: number): string | null {
    const start = this.starts.get(`${kind} ${user}`);
    return start !== undefined && now - start < WINDOW_MS ? `${user} ${start}` : null;
  }

  private start(kind: QuotaKind, user: string, now: number): string {
    this.starts.set(`${kind} ${user}`, now);
    return `${user} ${now}`;
  }
}
