/** src/gas/ports.ts's PollPorts over an Apps Script spreadsheet. */
import { parsers, requests } from '../api/client';
import { PREVIEW_HEADERS } from '../domain/previewColumns';
import { websiteColumnIndex } from '../domain/table';
import { POLL_BUDGET_MS } from '../limits';
import { setBackgroundWork } from './backgroundWork';
import { appsScriptClock } from './clock';
import { appendHistory } from './history';
import { withDocumentLock } from './lock';
import { granted } from './permissions';
import { lastAsked, rememberAsked } from './pollMemory';
import type { PollPorts, PreviewList } from './ports';
import { markHeardInFile, ownership, updateRecord } from './previewOwners';
import { quotaLeft } from './quota';
import { askEach } from './send';
import { clientConfig } from './settings';
import { findTables, writePatches } from './sheetTable';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

export function pollPorts(book: Book): PollPorts {
  const config = clientConfig();
  const doc = book.getId();
  return {
    lists: () => previewLists(book),
    mayAsk: !!config.apiKey && quotaLeft() > 0 && granted('service'),
    ask: (uuids) =>
      askEach(POLL_BUDGET_MS, uuids, (u) => requests.previewPoll(config, u), parsers.previewPoll),
    asked: { last: lastAsked, remember: rememberAsked },
    owners: {
      read: () => ownership(book),
      update: (change) => updateRecord(doc, change),
      heard: () => markHeardInFile(book),
    },
    history: (readings) => void appendHistory(book, readings),
    stillPending: (count) => setBackgroundWork(doc, 'previews', count),
    locked: (waitMs, work, busy) => withDocumentLock(waitMs, work, busy),
    now: () => appsScriptClock.now(),
  };
}

/** Each list with a Preview UUID column, read over the preview columns and its Website column. */
function previewLists(book: Book): PreviewList[] {
  return findTables(book, PREVIEW_HEADERS, 'uuid', (header) => [
    websiteColumnIndex(header) + 1,
  ]).map(({ name, ...table }) => ({
    sheet: name,
    values: table.values,
    columns: table.columns,
    write: (patches) => void writePatches(table, patches),
  }));
}
