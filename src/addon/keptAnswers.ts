/**
 * Generate's answers kept before their rows are written (domain/generationRun.ts KeptAnswer), in
 * the person's own properties, per file: a run cut off between the service's answers and the
 * rows' write loses none of them. A value holds 9 KB, so they are kept in parts of at most 8,000
 * characters (`vis.unwritten.<file>.<when>.<n>`, as earlier releases kept them), and a part goes
 * once its answers are in their rows.
 */
import * as z from 'zod/mini';
import type { KeptAnswer } from '../domain/generationRun';
import { entry, recordKind, type Kit } from '../kit/ports';

const PART_CHARS = 8000;

const UNWRITTEN = recordKind(
  'unwritten',
  () =>
    z.array(
      z.object({
        domain: z.string(),
        uuid: z.string(),
        reportUrl: z.nullable(z.string()),
        requested: z.number(),
      }),
    ),
  [],
);

const parts = (kit: Kit) => kit.records.mine.list(UNWRITTEN, `${kit.tables.fileId()}.`);

export const answersKept = (kit: Kit): KeptAnswer[] => [...parts(kit).values()].flat();

/** Adds answers to the record, in new parts (one property write for a round trip's worth). */
export function keepAnswers(kit: Kit, answers: readonly KeptAnswer[]): void {
  if (!answers.length) return;
  const at = `${kit.tables.fileId()}.${kit.account.now()}`;
  const chunks: KeptAnswer[][] = [[]];
  for (const a of answers) {
    const last = chunks[chunks.length - 1]!;
    if (last.length && JSON.stringify([...last, a]).length > PART_CHARS) chunks.push([a]);
    else last.push(a);
  }
  kit.records.mine.putAll(chunks.map((c, n) => entry(UNWRITTEN, c, `${at}.${n}`)));
}

/** Takes answers out of the record once their rows hold them; parts left empty go. */
export function forgetAnswers(kit: Kit, uuids: readonly string[]): void {
  if (!uuids.length) return;
  const gone = new Set(uuids.map((u) => u.toLowerCase()));
  const changed = [];
  for (const [id, part] of parts(kit)) {
    const left = part.filter((a) => !gone.has(a.uuid.toLowerCase()));
    if (left.length === part.length) continue;
    if (left.length) changed.push(entry(UNWRITTEN, left, id));
    else kit.records.mine.drop(UNWRITTEN, id);
  }
  kit.records.mine.putAll(changed);
}
