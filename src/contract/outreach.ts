/**
 * Outreach: pitches, templates, contacted rows and follow-ups. Payloads the server's functions
 * (src/index.ts) return and the sidebar page reads: JSON-safe, imported by both.
 */
/** A pitch template: one of the starters, or one the user saved. */
export interface PitchTemplate {
  name: string;
  text: string;
}

/** What the Outreach tab shows of the active sheet and the user's templates. */
export interface OutreachView {
  sheetName: string;
  /** The placeholders this sheet offers: its row-1 headers, then the derived facts. */
  placeholders: string[];
  starters: PitchTemplate[];
  saved: PitchTemplate[];
  /** The follow-ups' smallest change, as last set in this spreadsheet. */
  minChange: number;
}

export interface PitchRequest {
  template: string;
}

export interface PitchReport {
  state: 'done' | 'nothing' | 'refused';
  message: string;
  written: number;
  /** Rows that got no pitch for want of a value (their `Pitch message` says which). */
  missing: number;
}

/** The first selected rows' pitches, before anything is written. */
export interface PitchPreview {
  state: 'done' | 'nothing' | 'refused';
  message: string;
  rows: Array<{ row: number; pitch: string | null; missing: string[] }>;
}

export interface TemplateSaveReport {
  ok: boolean;
  message: string;
  saved: PitchTemplate[];
}

export interface ContactReport {
  state: 'done' | 'nothing' | 'busy';
  message: string;
  marked: number;
}

export interface FollowUpReport {
  state: 'done' | 'nothing' | 'refused' | 'busy';
  message: string;
  rows: number;
}
