/**
 * Issue 72's sketch of feature folders, measured before any file moves: `src/` as it is, and with
 * each feature's workflow, decisions, ports and sidebar tab in a room of its own (the list's
 * columns, the kit and the rest staying where they are). Prints each layout's rooms, the arrows
 * between them (pairs of rooms with an import), the pairs that import each other, and the imports
 * that cross a room. Run: `npx tsx scripts/feature-sketch.ts`.
 */
import { importGraph, layerEdges, layerOf } from './import-graph';

const FEATURES: Record<string, string[]> = {
  monitor: ['addon/monitor', 'domain/monitorRun', 'domain/scanWatch', 'ui/tabs/scans'],
  previews: [
    'addon/previewGeneration',
    'addon/previewPolling',
    'domain/previewJobs',
    'domain/previewPoll',
    'domain/previewOwners',
    'domain/generationRun',
    'domain/generateInput',
    'ui/tabs/previews',
    'ui/tabs/strandedPreviews',
    'kit/previewRecords',
  ],
  scores: ['addon/scores', 'domain/scoreLookup', 'ui/tabs/scores'],
  leads: [
    'addon/leads',
    'addon/leadRun',
    'domain/leads',
    'domain/leadLedger',
    'domain/leadRowLedger',
    'ui/tabs/leads',
    'kit/leads',
  ],
  schedules: [
    'addon/schedules',
    'addon/scheduleActions',
    'addon/scheduleRuns',
    'domain/schedules',
    'domain/scheduleRun',
    'ui/tabs/schedules',
    'ui/tabs/scheduleForm',
    'ui/tabs/scheduleItem',
    'kit/schedules',
  ],
  reports: ['addon/reports', 'domain/report', 'ui/tabs/reportDeck', 'kit/branding', 'gas/slides'],
};

const featureOf = new Map<string, string>(
  Object.entries(FEATURES).flatMap(([feature, files]) =>
    files.map((f) => [`src/${f}.ts`, `features/${feature}`] as const),
  ),
);

const graph = importGraph();

function measure(name: string, roomOf: (file: string) => string): void {
  const edges = layerEdges(graph, roomOf);
  const pairs = [...edges.keys()];
  const mutual = pairs.filter((p) => {
    const [a, b] = p.split(' -> ');
    return a! < b! && edges.has(`${b} -> ${a}`);
  });
  const rooms = new Set([...graph.keys()].map(roomOf));
  const crossing = [...edges.values()].reduce((n, k) => n + k, 0);
  console.log(
    `${name}: ${rooms.size} rooms, ${pairs.length} arrows, ${mutual.length} pairs importing each other (${mutual.join('; ') || 'none'}), ${crossing} imports across rooms`,
  );
}

const missing = [...featureOf.keys()].filter((f) => !graph.has(f));
if (missing.length) throw new Error(`feature-sketch: no such file: ${missing.join(', ')}`);
measure('today', layerOf);
measure('feature folders', (file) => featureOf.get(file) ?? layerOf(file));
