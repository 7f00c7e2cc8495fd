/**
 * What each of the page's calls takes, by kind, as the contract's types say at their top level
 * (google.script.run reaches every global, so anything may arrive): an argument of another kind
 * is refused with a sentence before any code reads it. What an argument holds is checked by the
 * workflow itself, in its own words (domain/generateInput.ts, domain/leads.ts checkWatch…).
 */
import * as z from 'zod/mini';

const text = () => z.string().check(z.maxLength(1000));
/** A request, options or a view's record: a plain object (what it holds is the workflow's). */
const record = () => z.looseObject({});
const maybe = <T extends z.ZodMiniType>(t: T) => z.optional(z.nullable(t));

/** The calls that take arguments, each its arguments' kinds (extra arguments are ignored). */
const SHAPES = {
  acceptLeadRows: () => [text()],
  deleteLeadWatch: () => [text()],
  deleteSchedule: () => [text()],
  takeOverSchedule: () => [text()],
  deletePitchTemplate: () => [text()],
  remakePreviews: () => [text(), text()],
  selectRow: () => [text(), z.number()],
  insertTemplate: () => [z.enum(['prospects', 'monitor'])],
  pollScanMonitor: () => [maybe(z.boolean())],
  getScorePlan: () => [maybe(record())],
  scoreSelection: () => [maybe(record())],
  makeReport: () => [maybe(record())],
  refreshFollowUps: () => [maybe(record())],
  startPreviewsForSelection: () => [maybe(record())],
  retryPreviews: () => [record()],
  returnToList: () => [record()],
  saveLeadWatch: () => [record()],
  saveSchedule: () => [record()],
  saveSettings: () => [record()],
  savePitchTemplate: () => [record()],
  previewPitches: () => [record()],
  writePitches: () => [record()],
  // Google's event objects (a Workspace add-on's card functions): read by their own schemas.
  onReportLinkPreview: () => [record()],
  onCreatePreviewSubmit: () => [record()],
  onExecuteScoreStep: () => [record()],
  onExecuteCreateStep: () => [record()],
  onExecuteWaitStep: () => [record()],
} as const satisfies Record<string, () => z.ZodMiniType[]>;

type Shaped = keyof typeof SHAPES;
const built = new Map<Shaped, readonly z.ZodMiniType[]>();

/** Built at a call's first use, not when the bundle loads (every execution loads it). */
function schemasOf(name: Shaped): readonly z.ZodMiniType[] {
  let s = built.get(name);
  if (!s) built.set(name, (s = SHAPES[name]()));
  return s;
}

export const ARGUMENTS_REFUSED =
  'This request was not understood (its values are not of the kind this version takes): nothing was done. Reload the sidebar and try again.';

/** The sentence refusing `args` for the call `name`, or null when they are of the kinds it takes. */
export function argumentsRefusal(name: string, args: readonly unknown[]): string | null {
  if (!Object.prototype.hasOwnProperty.call(SHAPES, name)) return null;
  const fits = schemasOf(name as Shaped).every((schema, i) => schema.safeParse(args[i]).success);
  return fits ? null : ARGUMENTS_REFUSED;
}
