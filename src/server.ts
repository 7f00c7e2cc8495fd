/**
 * The server's functions as the sidebar page calls them, derived from src/index.ts (the one list
 * of the bundle's globals; google.script.run reaches every one of them, as Google's does): a new
 * sidebar action is its function in src/addon, its export in src/index.ts and its call in a tab.
 */
import type * as globals from './index';

export type Server = Omit<typeof globals, '__entry' | '__menu' | '__vis'>;
