/** DeveloperMetadata: small records kept in the file, each visible to some scripts only (D1, D2). */
import { Spreadsheet } from './spreadsheet';

/**
 * What developer metadata may hold in one spreadsheet. Google's Sheets API guide states a limit on
 * the characters of all metadata at one location; its page was not in the library, so this is the
 * 30,000 characters remembered from it and the message is ours (docs/platform-limits.md, D1).
 */
export const METADATA_CHARACTER_LIMIT = 30000;
export const METADATA_TOO_LARGE =
  'Developer metadata is too large: a spreadsheet holds 30,000 characters of it.';

/** Who may read an entry: every script of every editor (DOCUMENT), or this project alone (D2). */
export type MetadataVisibility = 'DOCUMENT' | 'PROJECT';

/**
 * The project whose code the runtime runs (the add-on). Another name stands for a script an editor
 * runs on the same file: its PROJECT-visible entries are never shown to the add-on, its
 * DOCUMENT-visible ones are (D2).
 */
export const ADDON_PROJECT = 'add-on';

export class DeveloperMetadata {
  constructor(
    private readonly book: Spreadsheet,
    private readonly id: number,
    private readonly key: string,
    private value: string | null,
    readonly visibility: MetadataVisibility = 'DOCUMENT',
    readonly project: string = ADDON_PROJECT,
  ) {}
  /** Whether the add-on's code sees this entry at all (D2). */
  visibleToAddon(): boolean {
    return this.visibility === 'DOCUMENT' || this.project === ADDON_PROJECT;
  }
  getVisibility(): MetadataVisibility {
    this.book.hooks.call('DeveloperMetadata.getVisibility');
    return this.visibility;
  }
  size(): number {
    return this.key.length + (this.value?.length ?? 0);
  }
  getId(): number {
    this.book.hooks.call('DeveloperMetadata.getId');
    return this.id;
  }
  getKey(): string {
    this.book.hooks.call('DeveloperMetadata.getKey');
    return this.key;
  }
  getValue(): string | null {
    this.book.hooks.call('DeveloperMetadata.getValue');
    return this.value;
  }
  setValue(value: string): this {
    this.book.hooks.call('DeveloperMetadata.setValue');
    this.book.metadataChanged(this, false, value.length - (this.value?.length ?? 0));
    this.value = value;
    return this;
  }
  remove(): void {
    this.book.hooks.call('DeveloperMetadata.remove');
    this.book.metadataChanged(this, true);
  }
}
