/** The `Visibility log` sheet's columns (the shape of domain/columns.ts): a line per run. */
import { FORMATS, type Columns } from './columns';

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
