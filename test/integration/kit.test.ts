// The platform kit over Apps Script (src/gas/kit.ts) on the runtime, held to the contract the
// kit in memory is held to (test/unit/kit.test.ts): each execution imports src/gas afresh, as
// Apps Script gives every execution a fresh global scope.
import type { Kit } from '../../src/kit/ports';
import { kitContract } from '../kit/contract';
import { cost } from '../../dev/yearOldWorkbook';
import { startWorld, type World } from './harness';

/** The first column of an A1 range, its sheet named or not (Sheet!C2:C900 → 3). */
const columnOf = (a1: string) =>
  [.../^(?:.*!)?([A-Z]+)/.exec(a1)![1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

type KitModule = typeof import('../../src/gas/kit');
const BEN = 'ben@gmail.com';

function freshKit(): Kit {
  let made: Kit | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    made = (require('../../src/gas/kit') as KitModule).appsScriptKit();
  });
  return made!;
}

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

kitContract('over Apps Script, on the runtime', async () => {
  world = await startWorld();
  const { rt } = world;
  const lines = rt.logs.length;
  return {
    exec: (work, who = 'ana') =>
      rt.within(() => work(freshKit()), who === 'ben' ? { user: BEN } : {}),
    advance: (ms) => rt.advance(ms),
    evictCache: () => void rt.evictCachesAtRandom(1),
    plant: (key, value) => rt.userProperties(rt.owner).setProperty(key, value),
    holdLockElsewhere: (held) => rt.holdLock('user', held),
    logged: () => rt.logs.slice(lines),
    brands: { known: 'acmeanalytics.com', unknown: 'no-such-brand-anywhere.com' },
    plantSheet(name, rows) {
      const sheet = rt.spreadsheet.getSheetByName(name) ?? rt.spreadsheet.addSheet(name);
      sheet.probe.rows = rows.map((r) => r.map((value) => ({ value: value as string | number })));
    },
    sheet: (name) =>
      (rt.spreadsheet.getSheetByName(name)?.probe.rows ?? []).map((r) =>
        r.map((c) => (c.formula ? { formula: c.formula } : c.value)),
      ),
    holdDocumentLockElsewhere: (held) => rt.holdLock('document', held),
    workKept: () => {
      const registry = JSON.parse(
        rt.userProperties(rt.owner).getProperty('vis.background') ?? '{}',
      ) as Record<string, Record<string, number>>;
      return Object.keys(registry[rt.spreadsheet.id] ?? {});
    },
    renameSheet: (from, to) => rt.within(() => rt.spreadsheet.getSheetByName(from)!.setName(to)),
    deleteSheet: (name) =>
      rt.within(() => rt.spreadsheet.deleteSheet(rt.spreadsheet.getSheetByName(name)!)),
    headerNotes: (name) =>
      (rt.spreadsheet.getSheetByName(name)?.probe.rows[0] ?? []).flatMap((c) =>
        c.note ? [c.note] : [],
      ),
    shownSheet: () => rt.within(() => rt.spreadsheet.getActiveSheet().getName()),
    select: (name, a1) =>
      rt.within(() => {
        const sheet = rt.spreadsheet.getSheetByName(name)!;
        sheet.activate();
        sheet.setActiveSelection(sheet.getRange(a1));
      }),
    charts: (name) =>
      (rt.spreadsheet.getSheetByName(name)?.getCharts() ?? []).map((c) => String(c.options.title)),
    plantDocument: (key, value) => rt.documentPropertiesOf(rt.spreadsheet).setProperty(key, value),
    linkForm: (name) =>
      rt.spreadsheet.getSheetByName(name)!.probe.linkForm('https://forms.example/f'),
    formTriggers: () => rt.triggers.formSubmitTriggers(rt.spreadsheet.id).map((t) => t.user),
    mailed: () => rt.mail.sent.map((m) => ({ to: String(m.to).split(','), subject: m.subject })),
    colourScaled(name) {
      const sheet = rt.spreadsheet.getSheetByName(name)!;
      const header = sheet.probe.rows[0] ?? [];
      return sheet.conditionalRules
        .filter((r) => r.gradient)
        .flatMap((r) => r.ranges)
        .map((a1) => String(header[columnOf(a1) - 1]?.value));
    },
  };
});

describe('the tables over Apps Script read what a workflow needs, not the sheet', () => {
  it('a read reads our columns only (of the rows asked for, when asked), a write our columns over the rows it spans, an append the header rows only', async () => {
    world = await startWorld();
    const { rt } = world;
    // A list of 1,000 rows and 20 columns, two of them ours.
    const head = ['Website', ...Array.from({ length: 18 }, (_, i) => `Notes ${i}`), 'Note'];
    const sheet = rt.spreadsheet.addSheet('Wide');
    sheet.probe.rows = [
      head,
      ...Array.from({ length: 1000 }, (_, r) => head.map((_, c) => `r${r}c${c}`)),
    ].map((r) => r.map((value) => ({ value })));
    const columns = { site: { header: 'Website' }, note: { header: 'Note' } };
    const read = cost(rt, () => rt.within(() => freshKit().tables.read('Wide', columns)));
    expect(read.cellsRead).toBeLessThanOrEqual(2 * 1000 + head.length);
    const span = cost(rt, () =>
      rt.within(() => freshKit().tables.read('Wide', columns, { first: 600, last: 609 })),
    );
    expect(span.cellsRead).toBeLessThanOrEqual(2 * 10 + head.length);
    const write = cost(rt, () =>
      rt.within(() =>
        freshKit().tables.write(
          'Wide',
          columns,
          new Map([
            [500, { note: 'a' }],
            [502, { note: 'b' }],
          ]),
        ),
      ),
    );
    // Our two columns over the rows it spans, and header rows: never the other 18, nor the rows below.
    expect(write.cellsRead).toBeLessThanOrEqual(2 * (502 - 500 + 1) + 2 * head.length);
    expect(sheet.probe.rows[501]![19]!.value).toBe('b');
    expect(sheet.probe.rows[500]![19]!.value).toBe('r499c19');
    const append = cost(rt, () =>
      rt.within(() => freshKit().tables.append('Wide', columns, [{ site: 'new.com' }])),
    );
    expect(append.cellsRead).toBeLessThanOrEqual(2 * head.length);
  });
});
