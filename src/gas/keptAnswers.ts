/**
 * Generate's answers kept before their rows are written (domain/generationRun.ts KeptAnswer), in
 * the person's own user properties, per document: a value holds 9 KB, so they are kept in parts
 * of at most 8,000 characters, and a part is removed once its answers are in their rows.
 */
import type { KeptAnswer } from '../domain/generationRun';
import { storedJson } from './storedJson';
import { deleteUserProperty, setUserProperties, userPropertiesStartingWith } from './userStore';

const PART = (doc: string) => `vis.unwritten.${doc}.`;
const PART_CHARS = 8000;

export function answersKept(doc: string): KeptAnswer[] {
  return Object.values(userPropertiesStartingWith(PART(doc))).flatMap((v) =>
    storedJson<KeptAnswer[]>(v, []),
  );
}

/** Adds answers to the record, in new parts (one property write for a round trip's worth). */
export function keepAnswers(doc: string, answers: readonly KeptAnswer[], at: number): void {
  if (!answers.length) return;
  const values: Record<string, string> = {};
  let part: KeptAnswer[] = [];
  const close = () => {
    if (part.length)
      values[`${PART(doc)}${at}.${Object.keys(values).length}`] = JSON.stringify(part);
    part = [];
  };
  for (const a of answers) {
    if (JSON.stringify([...part, a]).length > PART_CHARS) close();
    part.push(a);
  }
  close();
  setUserProperties(values);
}

/** Takes answers out of the record once their rows hold them; parts left empty go. */
export function forgetAnswers(doc: string, uuids: readonly string[]): void {
  if (!uuids.length) return;
  const gone = new Set(uuids.map((u) => u.toLowerCase()));
  const changed: Record<string, string> = {};
  for (const [key, value] of Object.entries(userPropertiesStartingWith(PART(doc)))) {
    const parts = storedJson<KeptAnswer[]>(value, []);
    const left = parts.filter((a) => !gone.has(a.uuid.toLowerCase()));
    if (left.length === parts.length) continue;
    if (left.length) changed[key] = JSON.stringify(left);
    else deleteUserProperty(key);
  }
  setUserProperties(changed);
}
