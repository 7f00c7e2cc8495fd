// "Open in Looker Studio": a Linking API address carrying the spreadsheet, its sheets and the
// template, or the words for what it lacks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HISTORY_HEADERS } from '../../src/domain/table';
import { TIDY_HEADERS } from '../../src/domain/tidyReadings';
import {
  dashboardLink,
  LOOKER_CREATE,
  NO_HISTORY,
  NO_LIST,
  NO_READINGS,
  NO_TEMPLATE,
} from '../../src/domain/dashboardLink';

const source = {
  spreadsheetId: '1AbC-def_123',
  fileName: 'Prospects & clients',
  historySheetId: 456,
  list: { sheetId: 0, name: 'Q4 list' },
  readingsSheetId: 789,
};

const params = (url: string) => {
  const [base, query] = url.split('?') as [string, string];
  return { base, params: Object.fromEntries(new URLSearchParams(query)) };
};

it('sets every alias of the template to this spreadsheet: Score history (ds0), the list in view (ds1), the tidy readings (ds2)', () => {
  const link = dashboardLink('tmpl-9', source);
  expect('url' in link && params(link.url)).toEqual({
    base: LOOKER_CREATE,
    params: {
      'c.reportId': 'tmpl-9',
      'r.reportName': 'Prospects & clients: AI visibility',
      'ds.ds0.connector': 'googleSheets',
      'ds.ds0.spreadsheetId': '1AbC-def_123',
      'ds.ds0.worksheetId': '456',
      'ds.ds0.hasHeader': 'true',
      'ds.ds0.datasourceName': 'Prospects & clients: Score history',
      'ds.ds0.refreshFields': 'false',
      'ds.ds1.connector': 'googleSheets',
      'ds.ds1.spreadsheetId': '1AbC-def_123',
      'ds.ds1.worksheetId': '0',
      'ds.ds1.hasHeader': 'true',
      'ds.ds1.datasourceName': 'Prospects & clients: Q4 list',
      'ds.ds1.refreshFields': 'true',
      'ds.ds2.connector': 'googleSheets',
      'ds.ds2.spreadsheetId': '1AbC-def_123',
      'ds.ds2.worksheetId': '789',
      'ds.ds2.hasHeader': 'true',
      'ds.ds2.datasourceName': 'Prospects & clients: Score readings',
      'ds.ds2.refreshFields': 'false',
    },
  });
});

it('encodes every value, so a name cannot add a parameter', () => {
  const link = dashboardLink('t', { ...source, fileName: 'a&c.reportId=evil' });
  expect('url' in link && params(link.url).params['c.reportId']).toBe('t');
  expect('url' in link && link.url).not.toContain('&c.reportId=evil');
});

it.each([
  ['', source, NO_TEMPLATE],
  ['  ', source, NO_TEMPLATE],
  ['t', { ...source, historySheetId: null }, NO_HISTORY],
  // An alias left out would keep the template's own data source: the publisher's spreadsheet.
  ['t', { ...source, list: null }, NO_LIST],
  ['t', { ...source, readingsSheetId: null }, NO_READINGS],
])('says what it lacks: template %j', (template, s, missing) => {
  expect(dashboardLink(template, s)).toEqual({ missing });
});

it('says what is missing in a marketer’s words: no build setting, file or variable named', () => {
  expect(NO_TEMPLATE).not.toMatch(/VIS_|\.md|\bbuild\b|template id/i);
});

describe('the template recipe’s invented data (docs/looker-template)', () => {
  const headerOf = (file: string) =>
    readFileSync(path.join(__dirname, '../../docs/looker-template', file), 'utf8')
      .split('\n')[0]!
      .split(',');
  it('has the released columns of Score history and Score readings, in order', () => {
    expect(headerOf('score-history.csv')).toEqual(Object.values(HISTORY_HEADERS));
    expect(headerOf('score-readings.csv')).toEqual(TIDY_HEADERS);
  });
  it('holds invented brands only: every site is under .example', () => {
    const sites = ['score-history.csv', 'list.csv', 'score-readings.csv'].flatMap(
      (f) =>
        readFileSync(path.join(__dirname, '../../docs/looker-template', f), 'utf8').match(
          /[a-z0-9-]+\.[a-z]{2,}(?=,)/g,
        ) ?? [],
    );
    expect(sites.length).toBeGreaterThan(10);
    expect(sites.filter((s) => !s.endsWith('.example'))).toEqual([]);
  });
});
