/** Globals of Node and browsers that Apps Script's V8 runtime does not offer. */
export const GLOBALS_APPS_SCRIPT_LACKS = [
  'URL',
  'URLSearchParams',
  'fetch',
  'setTimeout',
  'TextEncoder',
  'process',
  'require',
  'module',
  'Buffer',
];
