/** Globals of Node and browsers that Apps Script's V8 runtime does not offer (one list, shared with lint). */
import lacks from '../dev/apps-script-lacks.json';

export const GLOBALS_APPS_SCRIPT_LACKS: readonly string[] = lacks;
