/**
 * Time budgets, lock waits and batch sizes, named once. Apps Script stops an execution at
 * 6 minutes and a custom function at 30 s
 * (https://developers.google.com/apps-script/guides/services/quotas#current_limitations).
 */
import { POLL_TRIGGER_MINUTES } from './config';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Apps Script stops an execution here, and nothing in it can carry on. */
export const EXECUTION_LIMIT_MS = 6 * MINUTE;
/** No new batch of a menu or sidebar run starts after this much. */
export const RUN_BUDGET_MS = 4.5 * MINUTE;
/**
 * The background trigger starts no new document after this much. Triggers may run 90 minutes a
 * day in all on a consumer account: an hourly trigger may take 4 minutes, a bound script's
 * one-minute trigger must stay short.
 */
export const BACKGROUND_BUDGET_MS = POLL_TRIGGER_MINUTES < 60 ? 20 * SECOND : 4 * MINUTE;
/** No round trip of a custom function starts after this much. */
export const FORMULA_BUDGET_MS = 22 * SECOND;
/** One poll of previews or of the scan monitor. */
export const POLL_BUDGET_MS = MINUTE;
/** Test connection's two probes, sent once each. */
export const PROBE_BUDGET_MS = 20 * SECOND;

/** How long a poll waits for another poll of the same document. */
export const POLL_LOCK_WAIT_MS = 5 * SECOND;
/** A button press does not wait: a second press is told that the first is still running. */
export const PRESS_LOCK_WAIT_MS = 100;
/**
 * How long a run waits to write rows it has already sent: no run holds the lock while it talks
 * to the service, so it is free within moments, and answers must never be dropped.
 */
export const WRITE_LOCK_WAIT_MS = 30 * SECOND;

/** Pending previews asked about in one poll: 10,000 pending take a few polls, each in budget. */
export const MAX_POLLED_PER_RUN = 5000;

/** How long a change to the user's background-work registry waits for another execution's. */
export const REGISTRY_LOCK_WAIT_MS = 2 * SECOND;

/** How long a change to today's meters waits for another execution's. */
export const METER_LOCK_WAIT_MS = 2 * SECOND;
/**
 * Of the day's trigger run time, what schedules leave for the hourly polls of pending previews and
 * scans (a poll takes seconds; one more score round trip may overrun a firing's budget).
 */
export const TRIGGER_TIME_RESERVE_MS = 15 * MINUTE;

/** Of the day's requests, what is kept back for polls, so previews already started can complete. */
export const QUOTA_RESERVE = 500;
