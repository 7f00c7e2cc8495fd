// Every function the page can reach (google.script.run reaches every global of the bundle) refuses
// malformed input with a sentence: called with null, wrong kinds, arrays of null and oversized
// text, on a document with a list, a schedule and a lead watch, none fails on a method or field
// its input lacks. The built bundle, in the local runtime; no service is reached.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GasRuntime } from '../../dev/gas-runtime/runtime';

const distDir = join(__dirname, '..', '..', 'dist');
/** Custom functions are called by Sheets with cells, and triggers by Google with their events. */
const NOT_FROM_THE_PAGE = /^(VIS_|onOpen$|onInstall$|onLeadResponse$|pollInBackground$)/;
const callables = [...readFileSync(join(distDir, 'Code.js'), 'utf8').matchAll(/^function (\w+)/gm)]
  .map((m) => m[1]!)
  .filter((name) => !NOT_FROM_THE_PAGE.test(name));

const FIELDS = ['sheetName', 'a1', 'only', 'site', 'id', 'alert', 'apiKey', 'baseUrl', 'branding']
  .concat(['webhook', 'every', 'hour', 'action', 'refresh', 'recipients', 'rows', 'template'])
  .concat(['name', 'subject', 'body', 'website', 'email', 'consent', 'mode', 'includeEarlier']);
const every = (value: unknown) => Object.fromEntries(FIELDS.map((k) => [k, value]));
const MALFORMED: unknown[][] = [
  [null],
  ['x'],
  [42],
  [[]],
  [every(null)],
  [every([null])],
  [every({})],
  [every(7)],
  [null, null],
  [{}, {}],
  [{ apiKey: 'k'.repeat(100000) }],
  // Objects where text belongs (String() of one throws), and numbers and text out of range.
  [{ toString: 'x' }],
  [every({ toString: 'x' })],
  [every(true)],
  [every(-1)],
  [every(1e308)],
  [every('x'.repeat(5000))],
  ['Prospects', { toString: 'x' }, { toString: 'x' }],
  // A real list and sheet, with one field of the wrong kind: past the first checks.
  ...[{}, 5, ['A2'], null, true, { toString: 'x' }].flatMap((bad) => [
    [{ sheetName: 'Prospects', a1: bad }],
    [{ sheetName: bad, a1: 'A2:A3' }],
    [{ sheetName: 'Prospects', a1: 'A2:A3', only: bad }],
    [{ sheetName: 'Prospects', a1: 'A2:A3', run: bad }],
    [{ sheetName: 'Prospects', a1: '', only: 'stranded', maker: bad }],
    ['Prospects', bad],
    [bad, 2],
  ]),
];
/** What a program error reads like, as opposed to a sentence for a person. */
const RAW =
  /Cannot read|is not a function|is not iterable|of undefined|of null|Argument too large|TypeError|Cannot convert|Invalid array length|Maximum call stack/;

let rt: GasRuntime;
beforeAll(() => {
  rt = new GasRuntime({ distDir });
  const sheet = rt.spreadsheet.activeSheet;
  sheet.setName('Prospects');
  sheet.probe.rows = [['Website'], ['nike.com'], ['slack.com']].map((r) =>
    r.map((value) => ({ value })),
  );
  rt.submitForm('Form Responses 1', { 'Your website': 'early.com' });
  rt.runFromSidebar('saveSchedule', [
    { action: 'refreshScores', sheetName: 'Prospects', every: 'day', hour: 9, refresh: 'all' },
  ]);
  rt.runFromSidebar('saveLeadWatch', [
    { sheetName: 'Form Responses 1', website: 'Your website', mode: 'link' },
  ]);
  rt.spreadsheet.activeSheet = sheet;
  sheet.setActiveSelection('A2:A3');
});
afterAll(() => rt.close());

it('finds the page’s callables in the bundle', () => {
  expect(callables).toEqual(expect.arrayContaining(['saveSettings', 'retryPreviews', 'getLeads']));
  expect(callables.length).toBeGreaterThan(40);
});

it.each(callables)('%s refuses malformed input in words', (fn) => {
  const raw: string[] = [];
  for (const args of MALFORMED) {
    try {
      rt.runFromSidebar(fn, args);
    } catch (error) {
      const message = String((error as Error)?.message ?? error);
      if (RAW.test(message)) raw.push(`${JSON.stringify(args).slice(0, 40)}: ${message}`);
    }
  }
  expect(raw).toEqual([]);
});

it('an oversized key is refused with what to do, and nothing is kept', () => {
  const view = rt.runFromSidebar('saveSettings', [{ apiKey: 'k'.repeat(100000) }]) as {
    refused: string | null;
    keyMasked?: string;
  };
  expect(view.refused).toMatch(/^Not saved: that is not an API key/);
  expect(JSON.stringify(rt.userProperties(rt.owner).getProperties())).not.toContain('kkkkkkkkkk');
});
