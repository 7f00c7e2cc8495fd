/**
 * The scan monitor: polls and rescans of brand agents. Payloads the server's functions
 * (src/index.ts) return and the sidebar page reads: JSON-safe, imported by both.
 */
import type { ListPlace } from './scores';

export interface MonitorReport {
  /** Opening the monitor made it the active sheet: the way back to the list the person was on. */
  backTo?: ListPlace | null;
  exists: boolean;
  watched: number;
  running: number;
  complete: number;
  failed: number;
  none: number;
  errors: number;
  busy: boolean;
  message: string;
  /** Scans that finished (complete or failed) since the row last showed them. */
  finished: Array<{
    agentId: number;
    state: string;
    score: number | null;
    previous: number | null;
  }>;
}

export interface RescanReport {
  state: 'done' | 'refused' | 'busy' | 'nothing';
  message: string;
  triggered: number;
}
