/**
 * What `Score history`'s rows say, read the same way from any store: each site's score readings
 * oldest first, or its latest. Whose rows count is the reader's (`trusted`): anyone's for a person
 * looking at their own document, only their sealed ones for what their account sends unattended.
 */
import { PLATFORMS } from '../engines';
import { oneLine } from '../api/serviceText';
import { timeOf } from './cells';
import type { ReportPoint, ReportRow } from './report';
import { scoreInRange } from './readingSeal';
import type { HistoryKey } from './table';
import { parseWebsite } from './website';

/**
 * Whose readings a reader takes: anyone's (a person looking at their own document), or only those
 * the person's own runs recorded and sealed (what their account sends unattended).
 */
export type Whose = 'anyone' | 'mine';

/** What appending readings did. */
export interface HistoryWrite {
  appended: number;
  /** Oldest rows removed (or new readings left out) to stay within the limit. */
  trimmed: number;
  /** The limit that trimmed: the history's own cap, or the workbook's cell limit. */
  limitedBy: 'cap' | 'workbook';
}

/** A site's latest reading as a report quotes it. */
export type LatestReading = Omit<ReportRow, 'row' | 'site' | 'reportUrl'>;

type Row = Readonly<Record<HistoryKey, unknown>>;

/** A score row of one of `wanted`'s sites, the reader trusting it; null for any other row. */
function scoreRowOf(cells: Row, wanted: ReadonlySet<string>, trusted: (cells: Row) => boolean) {
  if (cells.source !== 'score') return null;
  const site = parseWebsite(cells.website);
  return site.ok && wanted.has(site.domain) && trusted(cells) ? site.domain : null;
}

/** The readings of each of `sites` (domains) in the rows, oldest first, one per scan. */
export function readingsIn(
  rows: Iterable<Row>,
  sites: readonly string[],
  trusted: (cells: Row) => boolean,
): Map<string, ReportPoint[]> {
  const wanted = new Set(sites);
  const found = new Map<string, ReportPoint[]>();
  const scans = new Set<string>();
  for (const cells of rows) {
    const score = scoreInRange(cells.score);
    const time = timeOf(cells.lastScanned) ?? timeOf(cells.checked);
    if (score === null || time === null) continue;
    const site = scoreRowOf(cells, wanted, trusted);
    if (!site) continue;
    // One reading per scan: a copied row (a seal copied with it) is the same reading, not another.
    const scan = `${site} ${time}`;
    if (scans.has(scan)) continue;
    scans.add(scan);
    const engines: ReportPoint['engines'] = {};
    for (const p of PLATFORMS) {
      const v = scoreInRange(cells[p]);
      if (v !== null) engines[p] = v;
    }
    const page = String(cells.reference);
    const points = found.get(site) ?? [];
    points.push({ at: time, score, engines, ...(page.startsWith('https://') ? { page } : {}) });
    found.set(site, points);
  }
  for (const points of found.values()) points.sort((a, b) => a.at - b.at);
  return found;
}

/** Each of `sites`' latest reading in the rows, by when it was checked. */
export function latestIn(
  rows: Iterable<Row>,
  sites: readonly string[],
  trusted: (cells: Row) => boolean,
): Map<string, LatestReading> {
  const wanted = new Set(sites);
  const out = new Map<string, LatestReading & { at: number }>();
  for (const cells of rows) {
    const checked = timeOf(cells.checked) ?? 0;
    const site = scoreRowOf(cells, wanted, () => true);
    // An older row is passed over before its seal is checked: checking a seal costs an HMAC.
    if (!site || (out.get(site)?.at ?? -1) > checked || !trusted(cells)) continue;
    out.set(site, {
      at: checked,
      name: oneLine(String(cells.brand || site), 80),
      score: scoreInRange(cells.score) ?? '',
      engines: Object.fromEntries(
        PLATFORMS.map((p) => [p, scoreInRange(cells[p]) ?? '']),
      ) as ReportRow['engines'],
      lastScanned: timeOf(cells.lastScanned),
    });
  }
  return new Map([...out].map(([site, { at: _at, ...reading }]) => [site, reading]));
}
