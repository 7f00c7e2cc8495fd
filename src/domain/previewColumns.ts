/**
 * A previewed list's columns, one row each (the shape of domain/columns.ts): the header, the cell a
 * completed preview's answer gives it, and whether the colour scale reads it. The other columns
 * are written by Generate (status, link, UUID, message, when and by whom requested).
 */
import type { PreviewPoll } from '../api/client';
import { safeLink, scoreCell } from './cells';
import { FORMATS, headersOf, type Column } from './columns';
import type { Cell } from './cells';

export const PREVIEW_COLUMNS = {
  status: { header: 'Preview status' },
  reportUrl: { header: 'Report URL' },
  // The one-off preview scan's overall score, told apart from the public index's `Public score`.
  score: {
    header: 'Preview scan score',
    formerly: ['Visibility score'],
    read: (p) => scoreCell(p.overallScore),
    scaled: true,
  },
  knowledge: { header: 'Knowledge score', read: (p) => scoreCell(p.knowledgeScore), scaled: true },
  sentiment: { header: 'Sentiment score', read: (p) => scoreCell(p.sentimentScore), scaled: true },
  agentSite: { header: 'Agent site URL', read: (p) => safeLink(p.agentSiteUrl) },
  uuid: { header: 'Preview UUID' },
  message: { header: 'Preview message' },
  requested: { header: 'Requested', format: FORMATS.time },
  requestedBy: { header: 'Requested by' },
} satisfies Record<string, Column<PreviewPoll>>;

export type PreviewKey = keyof typeof PREVIEW_COLUMNS;

export const PREVIEW_HEADERS = headersOf(PREVIEW_COLUMNS);

/** Values for a previewed row's columns, by key. Missing keys are left as they are. */
export type RowPatch = Partial<Record<PreviewKey, Cell>>;
