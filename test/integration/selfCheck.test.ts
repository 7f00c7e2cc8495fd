// Help > Run self-check on the built bundle: it passes in the local runtime, and each check says
// in words what went wrong when the runtime is made to break the rule it checks.
import { FormulaCells } from '../../dev/gas-runtime/formulaCells';
import { CacheStore } from '../../dev/gas-runtime/cache';
import { GasError } from '../../dev/gas-runtime/errors';
import { PropertyStore } from '../../dev/gas-runtime/properties';
import { Range, Sheet, Spreadsheet } from '../../dev/gas-runtime/spreadsheet';
import type { SelfCheckReport } from '../../src/contract/help';
import { startWorld, type World } from './harness';
import { selfCheckFromMenu } from '../menuApi';

let w: World;
afterEach(async () => {
  jest.restoreAllMocks();
  await w?.close();
});

// Help > Run self-check, read from its dialog as the person reads it.
const run = (): SelfCheckReport => selfCheckFromMenu(w.rt);
const sheetNames = () => w.rt.spreadsheet.sheets.map((s) => s.probe.title);

it('passes every check in the local runtime, cleans up, and logs one line', async () => {
  w = await startWorld();
  const { checks } = run();
  expect(checks.filter((c) => !c.ok)).toEqual([]);
  expect(checks.map((c) => c.name)).toEqual([
    'New sheet size',
    'Range past the grid',
    'Grid grows',
    'Spilled result frozen and restored',
    'What a cell shows, and the filter',
    'Properties near 9 KB',
    'Cache near 100 KB',
    'Locks',
    'Triggers',
    'Quotas left today',
    'Slides deck',
    'Service (no key)',
  ]);
  expect(checks[1]!.detail).toMatch(/outside the dimensions of the sheet/);
  expect(sheetNames()).toEqual(['Sheet1', 'Visibility log']);
  const log = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Visibility log')!;
  expect(log.probe.filledRows()).toBe(2);
  expect(log.probe.rows[1]!.map((c) => c.value)).toContain('All 12 checks passed.');
  // The deck the Slides check keeps is made once, and drawn in and cleaned on every run.
  expect(checks[10]!.detail).toMatch(
    /^a slide drawn and removed in .* \(page 720 x 405 pt\); refused as expected/,
  );
  expect(run().checks[10]).toMatchObject({ ok: true });
  expect(w.rt.slides.decks.size).toBe(1);
  expect([...w.rt.slides.decks.values()][0]!.slides).toHaveLength(1);
  expect(w.rt.userProperties(w.rt.owner).data['visibility.selfCheck']).toBeUndefined();
});

const breaks: Array<[string, () => void | Promise<void>, RegExp]> = [
  [
    'New sheet size',
    () => {
      const insert = Spreadsheet.prototype.insertSheet;
      jest.spyOn(Spreadsheet.prototype, 'insertSheet').mockImplementation(function (
        this: Spreadsheet,
        name,
      ) {
        const sheet = insert.call(this, name);
        sheet.maxRows = 2000;
        return sheet;
      });
    },
    /^a new sheet is 2000 x 26, not 1000 x 26$/,
  ],
  [
    'Range past the grid',
    () => {
      jest.spyOn(Sheet.prototype, 'range').mockImplementation(function (this: Sheet, r, c, nr, nc) {
        return new Range(this, r, c, nr, nc);
      });
    },
    /A range past the grid was allowed: the catalog in docs\/platform-limits.md is wrong here/,
  ],
  [
    'Grid grows',
    () => {
      jest.spyOn(Sheet.prototype, 'insertRowsAfter').mockImplementation(() => {
        throw new GasError('Service Spreadsheets failed while accessing document.');
      });
    },
    /Service Spreadsheets failed/,
  ],
  [
    'Spilled result frozen and restored',
    () => {
      // flush() calculates nothing: the formula the check wrote never spills.
      jest.spyOn(FormulaCells.prototype, 'calculate').mockImplementation(() => {});
    },
    /^the result did not spill into B1:B3/,
  ],
  [
    'Properties near 9 KB',
    () => {
      jest.spyOn(PropertyStore.prototype, 'getProperty').mockReturnValue('cut short');
    },
    /^a 9000-byte value did not come back whole$/,
  ],
  [
    'Cache near 100 KB',
    () => {
      jest.spyOn(CacheStore.prototype, 'get').mockReturnValue(null);
    },
    /did not come back \(it may be evicted: run again\)/,
  ],
  ['Locks', () => w.rt.holdLock('document', true), /the document lock is held by another run/],
  [
    'Triggers',
    () => {
      const service = w.rt.triggers.service.bind(w.rt.triggers);
      jest.spyOn(w.rt.triggers, 'service').mockImplementation((env) => ({
        ...service(env),
        getProjectTriggers: () => {
          throw new GasError('Service unavailable: Script');
        },
      }));
    },
    /Service unavailable: Script/,
  ],
  [
    'Quotas left today',
    () => {
      const day = new Date(w.rt.clock.now()).toISOString().slice(0, 10);
      w.rt.userProperties(w.rt.owner).data['vis.usage'] = JSON.stringify({ day, fetches: 20000 });
    },
    /^0 of 20000 requests .*: scores wait until tomorrow$/,
  ],
  [
    'Slides deck',
    () => {
      w.rt.slides.quota.set(w.rt.owner, 0);
    },
    /Service invoked too many times for one day: presentations create/,
  ],
  ['Service (no key)', () => w.emu.faults({ rate5xx: 1, seed: 1 }), /^http:\/\/127\.0\.0\.1:\d+: /],
];

it.each(breaks)('says what went wrong when "%s" fails', async (name, breakIt, detail) => {
  w = await startWorld();
  await breakIt();
  const { checks } = run();
  const check = checks.find((c) => c.name === name)!;
  expect(check).toMatchObject({ ok: false });
  expect(check.detail).toMatch(detail);
  expect(sheetNames()).not.toContain('Visibility self-check (deleted when done)');
});
