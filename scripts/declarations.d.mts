export function exportedNames(file: string): string[];
export function declarationsOf(files: string[]): Map<string, { doc: string; params: string[] }>;
export const INDEX: string;
export const ENTRY: string;
export function globalNames(names: string[]): string[];
export const MENU_ACTIONS: string;
export const VIS_ACTIONS: string;
export const MENU_TABLE: string;
export function menuGlobals(file?: string): string[];
