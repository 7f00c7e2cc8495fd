/** The `Visibility log` sheet's columns (the shape of domain/columns.ts): a line per run. */
import { FORMATS, type Columns } from './columns';
import type { LogEntry } from '../contract/schedules';

export const LOG_COLUMNS = {
  time: { header: 'Time', format: FORMATS.time },
  run: { header: 'Run' },
  action: { header: 'Action' },
  sheet: { header: 'Sheet' },
  rows: { header: 'Rows', format: FORMATS.count },
  requests: { header: 'Requests', format: FORMATS.count },
  changed: { header: 'Changed', format: FORMATS.count },
  errors: { header: 'Errors', format: FORMATS.count },
  result: { header: 'Result' },
} satisfies Columns<string>;

export type LogKey = keyof typeof LOG_COLUMNS;

/** Lines the `Visibility log` keeps: the oldest go first past these. */
export const LOG_CAP = 1000;

/** A line of the log as the sidebar shows it, from its cells. */
export function logEntryOf(cells: Readonly<Record<LogKey, unknown>>): LogEntry {
  const time = cells.time;
  return {
    time: time instanceof Date ? time.toISOString() : String(time),
    run: String(cells.run),
    action: String(cells.action),
    sheet: String(cells.sheet),
    rows: cells.rows as number | string,
    requests: cells.requests as number | string,
    changed: cells.changed as number | string,
    errors: cells.errors as number | string,
    result: String(cells.result),
  };
}
