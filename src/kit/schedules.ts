/**
 * Where schedules live, as records of the kit under the keys an earlier release wrote. The
 * definitions are the document's, so every editor sees them in the Schedules tab; each owner's
 * copy, with how its runs went, is in their own properties, because the clock trigger runs with no
 * document (and so no document properties). How the runs went (a pause after failures included)
 * is also kept in the file, where the trigger writes through `openById`, so every editor sees it.
 *
 * One record per schedule: a value holds 9 KB (P1), so an agency's fiftieth schedule saves as the
 * first did. Versions before kept each list in one value (`LEGACY_*`): they are read, and split
 * into one record each at the next change.
 */
import * as z from 'zod/mini';
import { utf8Bytes } from '../domain/bytes';
import type { Schedule } from '../contract/schedules';
import type { HeldNews, RunState } from '../domain/scheduleRun';
import { DIGEST_LINES } from '../domain/schedules';
import { entry, recordKind, type Records } from './ports';

export type Definition = Schedule & {
  id: string;
  owner: string;
  /** When it was first saved (ms): the Schedules tab lists in that order. */
  created?: number;
};

export interface MyRun {
  docId: string;
  schedule: Definition;
  lastRun: number | null;
  /** A schedule that never ran counts from the start of the period it was saved in. */
  since: number;
  lastResult: string | null;
  failures: number;
  /** A run continued over several firings keeps its start, so no row is fetched twice. */
  runStarted: number | null;
  /** Send report: the deck every run updates in place. */
  deck?: string;
  /** The alerts already news (domain/schedules.ts alertKey). */
  alerted?: string[];
}

/**
 * What every editor is shown of a schedule's runs, and whose runs they are: a teammate who took
 * the schedule over is named here, where the old owner's trigger (which has no document
 * properties) reads it and stops.
 */
export type SharedRun = Pick<RunState, 'lastRun' | 'lastResult' | 'failures' | 'paused'> & {
  owner?: string;
};

/**
 * The records are the add-on's own JSON: checked for what a run decides by (the ids and owner),
 * the rest read as written.
 */
const definition = () => z.looseObject({ id: z.string(), owner: z.string(), action: z.string() });
const shape = <T>(schema: () => z.ZodMiniType<unknown>) => schema as () => z.ZodMiniType<T>;

const DEFINITION = recordKind<Definition | null>(
  'schedule.def',
  shape(() => z.nullable(definition())),
  null,
);
const LEGACY_DEFINITIONS = recordKind<Definition[]>(
  'schedules',
  shape(() => z.array(definition())),
  [],
);
const RUN = recordKind<MyRun | null>(
  'run',
  shape(() => z.nullable(z.looseObject({ docId: z.string(), schedule: definition() }))),
  null,
);
const LEGACY_RUNS = recordKind<Record<string, MyRun>>(
  'schedules.mine',
  shape(() => z.record(z.string(), z.looseObject({ schedule: definition() }))),
  {},
);
const NEWS = recordKind<HeldNews>(
  'schedules.news',
  () => z.object({ lines: z.array(z.string()), more: z.number() }),
  { lines: [], more: 0 },
);
const SHARED = recordKind<SharedRun>(
  'schedule',
  shape(() => z.looseObject({ failures: z.number() })),
  { lastRun: null, lastResult: null, failures: 0, paused: false },
);

/** What a run record keeps of its last result (the run log has it whole), and the file's. */
const RESULT_CHARS = 500;
const SHARED_RESULT_CHARS = 300;
const HELD_LINE_CHARS = 160;

const cut = <R extends { lastResult: string | null }>(run: R, chars: number): R => ({
  ...run,
  lastResult: run.lastResult?.slice(0, chars) ?? null,
});

/** The schedules' records, one store for both kits. */
export interface ScheduleStore {
  /** The document's schedules, oldest first. */
  definitions(): Definition[];
  /** Writes one definition (null deletes it); `list` is what `definitions` read. */
  saveDefinition(id: string, d: Definition | null, list: Definition[]): void;
  /** This person's run records, by schedule id. */
  mine(): Record<string, MyRun>;
  saveMine(id: string, run: MyRun | null): void;
  /** Read afresh: a run that took minutes must not write back a schedule deleted meanwhile. */
  stillSaved(id: string): boolean;
  /** What the person's store would hold with one more record like `run` (bytes). */
  sizeWith(run: MyRun): number;
  /** How each schedule's runs went, as every editor reads it from the file. */
  shared(): Record<string, SharedRun>;
  /** Written where there is room (a clock trigger's run finding none leaves it as it was). */
  saveShared(id: string, run: SharedRun | null): void;
  /** Names the new owner where the old owner's hourly run reads it; throws where it cannot. */
  handOver(id: string, run: SharedRun): void;
  /** What a run continued over several firings found so far, for its one digest. */
  news: {
    held(id: string): HeldNews;
    /** Its lines capped and cut, the rest only counted. */
    hold(id: string, news: HeldNews): void;
    drop(id: string): void;
  };
}

export function scheduleStore(records: Records): ScheduleStore {
  const { mine, document } = records;
  const myRuns = () => {
    const runs = { ...mine.get(LEGACY_RUNS) };
    for (const run of mine.list(RUN, '').values()) if (run) runs[run.schedule.id] = run;
    return runs;
  };
  return {
    definitions() {
      const byId = new Map(document.get(LEGACY_DEFINITIONS).map((d) => [d.id, d]));
      for (const d of document.list(DEFINITION, '').values()) if (d) byId.set(d.id, d);
      return [...byId.values()].sort((a, b) => (a.created ?? 0) - (b.created ?? 0));
    },
    saveDefinition(id, d, list) {
      if (document.get(LEGACY_DEFINITIONS).length) {
        document.putAll(list.filter((x) => x.id !== id).map((x) => entry(DEFINITION, x, x.id)));
        document.drop(LEGACY_DEFINITIONS);
      }
      if (d) document.put(DEFINITION, d, id);
      else document.drop(DEFINITION, id);
    },
    mine: myRuns,
    saveMine(id, run) {
      const legacy = Object.values(mine.get(LEGACY_RUNS)).filter((r) => r.schedule.id !== id);
      const kept = [...legacy, ...(run ? [run] : [])];
      mine.putAll(kept.map((r) => entry(RUN, cut(r, RESULT_CHARS), r.schedule.id)));
      if (legacy.length) mine.drop(LEGACY_RUNS);
      if (!run) mine.drop(RUN, id);
    },
    stillSaved(id) {
      mine.reread();
      return id in myRuns();
    },
    sizeWith: (run) =>
      mine.bytes() +
      utf8Bytes(`vis.run.${run.schedule.id}${JSON.stringify(cut(run, RESULT_CHARS))}`),
    shared: () => Object.fromEntries(records.shared.list(SHARED, true)),
    saveShared: (id, run) =>
      run
        ? records.shared.put(SHARED, cut(run, SHARED_RESULT_CHARS), id)
        : records.shared.drop(SHARED, id),
    handOver: (id, run) => records.file.put(SHARED, cut(run, SHARED_RESULT_CHARS), id),
    news: {
      held: (id) => mine.get(NEWS, id),
      hold: (id, news) =>
        mine.put(
          NEWS,
          {
            lines: news.lines.slice(0, DIGEST_LINES).map((l) => l.slice(0, HELD_LINE_CHARS)),
            more: news.more + Math.max(0, news.lines.length - DIGEST_LINES),
          },
          id,
        ),
      drop: (id) => mine.drop(NEWS, id),
    },
  };
}
