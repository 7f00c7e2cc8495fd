import {
  blanksOf,
  cellsOf,
  engineColumns,
  FORMATS,
  formatsOf,
  headersOf,
  scaledOf,
  type Column,
} from '../../src/domain/columns';
import { ENGINES } from '../../src/engines';
import { HISTORY_COLUMNS } from '../../src/domain/table';
import { SCORE_COLUMNS } from '../../src/domain/scoreColumns';
import { PREVIEW_COLUMNS, PREVIEW_HEADERS } from '../../src/domain/previewColumns';
import { PREVIEW_EVIDENCE, pollPatch } from '../../src/domain/previewJobs';

const table = {
  site: { header: 'Site', read: (r: { n: number }) => `s${r.n}` },
  score: { header: 'Score', read: (r: { n: number }) => r.n, blank: '', scaled: true },
  note: { header: 'Note', blank: 'none', format: FORMATS.count },
  level: { header: 'Level', scaled: true },
  at: { header: 'At', format: FORMATS.time },
} satisfies Record<string, Column<{ n: number }>>;

describe('a sheet described as a table of columns', () => {
  it('gives each column its header, in order', () => {
    expect(headersOf(table)).toEqual({
      site: 'Site',
      score: 'Score',
      note: 'Note',
      level: 'Level',
      at: 'At',
    });
  });
  it('gives the number format of the columns that have one', () => {
    expect(formatsOf(table)).toEqual({ note: '#,##0', at: 'yyyy-mm-dd hh:mm' });
  });
  it('makes a column per engine, headed by its name, each with the rest given', () => {
    const columns = engineColumns((p) => ({ scaled: true, blank: p }));
    expect(Object.keys(columns)).toEqual(Object.keys(ENGINES));
    for (const [p, name] of Object.entries(ENGINES))
      expect(columns[p as keyof typeof ENGINES]).toEqual({ header: name, scaled: true, blank: p });
  });
  it("shares the score list's own columns where the history records the same fact", () => {
    expect(HISTORY_COLUMNS.checked).toBe(SCORE_COLUMNS.checked);
    expect(formatsOf(HISTORY_COLUMNS)).toEqual({
      checked: FORMATS.time,
      lastScanned: FORMATS.time,
    });
  });
  it('lists the columns the colour scale reads, in order', () => {
    expect(scaledOf(table)).toEqual(['score', 'level']);
  });
  it('reads a cell for each column that reads one, and leaves the others out', () => {
    expect(cellsOf(table, { n: 7 })).toEqual({ site: 's7', score: 7 });
  });
  it('clears only the columns that have a blank', () => {
    expect(blanksOf(table)).toEqual({ score: '', note: 'none' });
  });
});

describe('the preview columns', () => {
  it('scale the three 0-100 scores and read a completed answer into them', () => {
    expect(scaledOf(PREVIEW_COLUMNS)).toEqual(['score', 'knowledge', 'sentiment']);
    // The names users filter on (DESIGN.md), not restated from the table.
    expect(Object.values(PREVIEW_HEADERS)).toEqual(
      expect.arrayContaining(['Preview status', 'Report URL', 'Agent site URL', 'Preview UUID']),
    );
    expect(
      pollPatch({
        status: 'complete',
        overallScore: 61,
        knowledgeScore: null,
        sentimentScore: 70,
        agentSiteUrl: 'javascript:alert(1)',
      } as Parameters<typeof pollPatch>[0]),
    ).toEqual({
      status: 'complete',
      score: 61,
      knowledge: '',
      sentiment: 70,
      agentSite: '',
      // What the score rests on: one scan, no engine named, never refreshed (issue 64).
      message: PREVIEW_EVIDENCE,
    });
  });
});
