// Columns as data: an engine added to ENGINES is one line, and every table follows. The bundle is
// built here with a fifth engine added to src/engines.ts as esbuild reads it (the source is not
// touched), then run in the runtime: the score list's column and its colour scale, the history
// column, VIS_BRAND's column, VIS_COMPARE's gap and the pitch's engine facts all include it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INDEX } from '../../dev/emulator/brandIndex';
import { column, records, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';

const FIFTH = 'Perplexity';
const out = mkdtempSync(path.join(tmpdir(), 'fifth-engine-'));
let w: World;

// The plugin appends one entry to ENGINES, as a developer adding an engine would.
const BUILD = `
import { readFileSync } from 'node:fs';
import { build } from './build.mjs';
const fifth = {
  name: 'fifth-engine',
  setup(b) {
    b.onLoad({ filter: /src[\\\\/]engines\\.ts$/ }, (args) => ({
      loader: 'ts',
      contents: readFileSync(args.path, 'utf8').replace(
        /aio: 'AI Overviews',/,
        "aio: 'AI Overviews',\\n  perplexity: '${FIFTH}',",
      ),
    }));
  },
};
await build({ out: ${JSON.stringify(out)} }, { plugins: [fifth] });
`;

beforeAll(() => {
  const built = spawnSync(process.execPath, ['--input-type=module', '-e', BUILD], {
    encoding: 'utf8',
  });
  expect(built.status).toBe(0);
}, 60_000);
afterEach(() => w?.close());
afterAll(() => rmSync(out, { recursive: true, force: true }));

const brands = INDEX.filter((b) => !b.domain.endsWith('.example'));
const indexed = brands.map((b) => b.domain);
// A brand every engine scores above 1, so a 1 in the fifth engine's column is the weakest.
const scored = brands.find((b) =>
  Object.values(b.platformScores).every((v) => typeof v === 'number' && v > 1),
)!.domain;

const headersOf = (rows: Array<Array<{ value: unknown }>>) => rows[0]!.map((c) => c.value);

describe('a fifth engine, added to ENGINES alone', () => {
  it('has its column and colour scale in the template, and in the list Score fills', async () => {
    w = await startWorld({ distDir: out });
    sidebar(w.rt).insertTemplate('prospects');
    const template = w.rt.spreadsheet.sheets.find((s) => s.getName() === 'Prospect list')!;
    const heads = headersOf(template.probe.rows);
    expect(heads.slice(heads.indexOf('AI Overviews'), heads.indexOf('AI Overviews') + 2)).toEqual([
      'AI Overviews',
      FIFTH,
    ]);
    // One red-to-green rule: the overall score, then the five engines side by side.
    const letter = (header: string) => String.fromCharCode(65 + heads.indexOf(header));
    expect(template.conditionalRules[0]!.ranges).toEqual([
      `Prospect list!${letter('Public score')}2:${letter('Public score')}1000`,
      `Prospect list!${letter('ChatGPT')}2:${letter(FIFTH)}1000`,
    ]);

    const list = w.rt.spreadsheet.insertSheet('List');
    list.probe.rows = [['Website'], ...column([scored, ...indexed.slice(0, 2)])].map((r) =>
      r.map((value) => ({ value: value as string })),
    );
    list.setActiveSelection('A1:A4');
    expect(sidebar(w.rt).scoreSelection({ refresh: 'all' }).scored).toBe(3);
    expect(headersOf(list.probe.rows)).toContain(FIFTH);
    // The service does not score it yet: blank (not queried), never 0.
    expect(records(list).map((r) => r[FIFTH])).toEqual(['', '', '']);
    const history = w.rt.spreadsheet.sheets.find((s) => s.getName() === 'Score history')!;
    expect(headersOf(history.probe.rows)).toContain(FIFTH);

    // A pitch's engine facts read the fifth engine's column like the others.
    const at = headersOf(list.probe.rows).indexOf(FIFTH) + 1;
    list.probe.place(2, at, { value: 1 });
    list.setActiveSelection('A2');
    const preview = sidebar(w.rt).previewPitches({ template: '{Weakest engine}: {Perplexity}' });
    expect(preview.rows[0]!.pitch).toBe(`${FIFTH}: 1`);
  }, 60_000);

  it('is named in the help Sheets shows for the custom functions', () => {
    const code = readFileSync(path.join(out, 'Code.js'), 'utf8');
    expect(code).toContain('Optional: chatgpt, claude, gemini, aio or perplexity.');
    expect(code).toContain(`ChatGPT, Claude, Gemini, AI Overviews and ${FIFTH} scores`);
    expect(code).toContain(`AI Overviews gap, ${FIFTH} gap per competitor`);
  });

  it('is a column of VIS_BRAND and a gap of VIS_COMPARE', async () => {
    w = await startWorld({ distDir: out });
    const brand = w.rt.customFunction(
      'VIS_BRAND',
      column([indexed[0]]),
      'url',
      true,
    ) as unknown[][];
    expect(brand[0]!.slice(4, 9)).toEqual(['ChatGPT', 'Claude', 'Gemini', 'AI Overviews', FIFTH]);
    const compared = w.rt.customFunction(
      'VIS_COMPARE',
      indexed[0],
      column([indexed[1], indexed[2]]),
      true,
    ) as unknown[][];
    expect(compared[0]).toContain(`${FIFTH} gap`);
  }, 60_000);
});
