/**
 * What the background poll still has to do: previews pending and scans running, per document.
 * The safety-net trigger exists while either is non-zero and is removed when both are done.
 */
import { ensurePollTrigger, removePollTrigger } from './triggers';

export type Work = 'previews' | 'scans';

const key = (work: Work) => `vis.background.${work}`;

export function setBackgroundWork(work: Work, count: number): void {
  const props = PropertiesService.getDocumentProperties();
  const other: Work = work === 'previews' ? 'scans' : 'previews';
  // Called on every poll (every 10 s from the sidebar): act only when the count changes.
  if (Number(props.getProperty(key(work)) ?? -1) === count) return;
  props.setProperty(key(work), String(count));
  if (count > 0) ensurePollTrigger();
  else if (Number(props.getProperty(key(other)) ?? 0) === 0) removePollTrigger();
}
