// "Open in Looker Studio": a Linking API address carrying the spreadsheet, its sheets and the
// template, or the words for what it lacks.
import {
  dashboardLink,
  LOOKER_CREATE,
  NO_HISTORY,
  NO_TEMPLATE,
} from '../../src/domain/dashboardLink';

const source = {
  spreadsheetId: '1AbC-def_123',
  fileName: 'Prospects & clients',
  historySheetId: 456,
  list: { sheetId: 0, name: 'Q4 list' },
  readingsSheetId: null,
};

const params = (url: string) => {
  const [base, query] = url.split('?') as [string, string];
  return { base, params: Object.fromEntries(new URLSearchParams(query)) };
};

it('copies the template onto Score history (ds0) and the list in view (ds1) of this spreadsheet', () => {
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
      'ds.ds1.connector': 'googleSheets',
      'ds.ds1.spreadsheetId': '1AbC-def_123',
      'ds.ds1.worksheetId': '0',
      'ds.ds1.hasHeader': 'true',
      'ds.ds1.datasourceName': 'Prospects & clients: Q4 list',
    },
  });
});

it('adds the tidy readings (ds2) once they are exported', () => {
  const link = dashboardLink('t', { ...source, readingsSheetId: 789 });
  const p = 'url' in link ? params(link.url).params : {};
  expect(p['ds.ds2.worksheetId']).toBe('789');
  expect(p['ds.ds2.datasourceName']).toBe('Prospects & clients: Score readings');
  expect(p['ds.ds2.spreadsheetId']).toBe('1AbC-def_123');
});

it('encodes every value, so a name cannot add a parameter', () => {
  const link = dashboardLink('t', { ...source, fileName: 'a&c.reportId=evil' });
  expect('url' in link && params(link.url).params['c.reportId']).toBe('t');
  expect('url' in link && link.url).not.toContain('&c.reportId=evil');
});

it('leaves the list out when the person is on one of the add-on’s own sheets', () => {
  const link = dashboardLink('t', { ...source, list: null });
  expect(
    'url' in link && Object.keys(params(link.url).params).some((k) => k.startsWith('ds.ds1')),
  ).toBe(false);
});

it.each([
  ['', source, NO_TEMPLATE],
  ['  ', source, NO_TEMPLATE],
  ['t', { ...source, historySheetId: null }, NO_HISTORY],
])('says what it lacks: template %j', (template, s, missing) => {
  expect(dashboardLink(template, s)).toEqual({ missing });
});

it('says what is missing in a marketer’s words: no build setting, file or variable named', () => {
  expect(NO_TEMPLATE).not.toMatch(/VIS_|\.md|\bbuild\b|template id/i);
});
