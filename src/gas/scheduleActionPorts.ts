/** A scheduled action's ports (src/gas/ports.ts) over a spreadsheet; its workflows are src/addon's. */
import type { ScoreReport } from '../contract/scores';
import type { ScoreOptions } from '../domain/scoreList';
import { deckPorts } from './deckPorts';
import type { ScheduleActionPorts } from './ports';
import { clientConfig } from './settings';
import { readColumns, readHeaderRow } from './sheetTable';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Score, Follow-ups and the scan monitor, as src/addon hands them in. */
export interface ActionWorkflows extends Pick<ScheduleActionPorts, 'followUps' | 'monitor'> {
  score(
    sheet: Sheet,
    options: ScoreOptions,
    runStarted: number | null,
    deadline: number,
  ): ScoreReport | null;
}

export function scheduleActionPorts(book: Book, run: ActionWorkflows): ScheduleActionPorts {
  return {
    list: (name) => {
      const sheet = book.getSheetByName(name);
      if (!sheet) return null;
      const headers = readHeaderRow(sheet);
      return { headers, read: (columns) => readColumns(sheet, headers, columns) };
    },
    score: (name, options, runStarted, deadline) => {
      const sheet = book.getSheetByName(name);
      return sheet ? run.score(sheet, options, runStarted, deadline) : null;
    },
    followUps: run.followUps,
    hasKey: !!clientConfig().apiKey,
    monitor: run.monitor,
    deck: () => deckPorts(book, 'mine'),
  };
}
