/**
 * Polling pending previews: the workflow's second half. Rows are found by their uuid in every
 * sheet (users sort, insert and delete meanwhile), asked for in one batch, written in one write.
 */
import { MAX_POLLED_PER_RUN, POLL_LOCK_WAIT_MS } from '../limits';
import type { PreviewPoll } from '../api/client';
import type { Result } from '../api/errors';
import {
  adoptPlan,
  askPlan,
  pollWrite,
  tallyPreviews,
  type AskPlan,
  type PollSnapshot,
  type PollWrite,
  type PreviewGrid,
} from '../domain/previewPoll';
import { documentsWithWork } from '../gas/backgroundWork';
import { reviveSilentTrigger } from '../gas/triggers';
import { markPollExecution } from '../gas/userStore';
import type { PollReport } from '../contract/previews';
import { activeBook } from '../gas/active';
import { permissionState } from '../gas/permissions';
import { pollPorts } from '../gas/pollPorts';
import { notGrantedMessage } from '../domain/permissions';

/** The sidebar's and the menu's poll, over the document the user has open. */
export function pollPendingPreviews(): PollReport {
  markPollExecution();
  const book = activeBook();
  // Background work that went silent (its trigger listed, never firing) is made again from here.
  const revived = documentsWithWork().length > 0 && reviveSilentTrigger();
  const report = pollPreviewsIn(book);
  const notice = revived ? BACKGROUND_REVIVED : report.pending > 0 ? waitingOnPermission() : null;
  return notice ? { ...report, notice } : report;
}

/** Pending previews that wait for a permission the person did not grant, in words. */
function waitingOnPermission(): string | null {
  const p = permissionState().missing.find((m) => m === 'service' || m === 'background');
  return p ? notGrantedMessage(p) : null;
}

const BACKGROUND_REVIVED =
  'Background work had stopped (the add-on was disabled or removed in a spreadsheet where it ran): it runs again from this one, hourly, with the sidebar closed.';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Answers = Map<string, Result<PreviewPoll> | undefined>;

/**
 * What a poll reads, asks and writes through: three calls, each one way down and back. The
 * decisions between them are domain/previewPoll.ts's.
 */
export interface PollPorts {
  /** The document's preview lists, the person's record, and when their pending previews were asked. */
  read(): PollSnapshot;
  /** Records the plan (asked when, heard from), then asks the service about its previews. */
  ask(plan: AskPlan): Answers;
  /**
   * Under the document lock: the lists (read afresh when `reread`, else as `read` found them)
   * handed to `decide`, and what it returns written; null when another run holds the document
   * past `waitMs`.
   */
  settle(
    waitMs: number,
    reread: boolean,
    decide: (lists: PreviewGrid[], now: number) => PollWrite,
  ): PollWrite | null;
}

/** Polls one document's pending previews: the active one, or one the background opened by ID. */
export const pollPreviewsIn = (book: Book): PollReport => pollWith(pollPorts(book));

/**
 * "Adopt these IDs": the person's own press, in the document they have open, asking the service
 * about the IDs nobody's record knows (the sidebar said what it costs before the press).
 */
export const adoptPreviewIds = (): PollReport => adoptWith(pollPorts(activeBook()));

export const adoptWith = (ports: PollPorts): PollReport => pollWith(ports, adoptPlan);

/**
 * The service is asked outside the document lock (a poll waiting on the network never makes
 * another report "busy"); the rows are then found again by uuid under the lock, as users may
 * have sorted or edited the sheet meanwhile, and written at once. `plan`: which previews to ask
 * about (a poll: the person's own; an adoption: the IDs nobody's record knows).
 */
export function pollWith(ports: PollPorts, plan: typeof askPlan = askPlan): PollReport {
  const snapshot = ports.read();
  const asking = plan(snapshot, MAX_POLLED_PER_RUN);
  const answers = ports.ask(asking);
  const written = ports.settle(POLL_LOCK_WAIT_MS, answers.size > 0, (lists, now) =>
    pollWrite(lists, answers, snapshot.owners, now),
  );
  const asked = asking.uuids.length;
  if (!written)
    return {
      ...tallyPreviews([]),
      justCompleted: [],
      waitingOnOthers: [],
      stranded: [],
      unadopted: { rows: 0, ids: 0 },
      busy: true,
      asked,
    };
  return { ...written.report, asked };
}
