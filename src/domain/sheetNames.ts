/**
 * The names of the sheets the add-on makes, in one table: users find, filter and chart on them
 * (DESIGN.md), and `output` marks those it rewrites itself and never treats as a list.
 */
export const SHEETS = {
  history: { name: 'Score history', output: true },
  readings: { name: 'Score readings', output: true },
  log: { name: 'Visibility log', output: true },
  comparison: { name: 'Comparison', output: true },
  followUps: { name: 'Follow-ups', output: true },
  monitor: { name: 'Scan monitor', output: true },
  example: { name: 'Visibility example', output: false },
  prospects: { name: 'Prospect list', output: false },
} as const;
