/** PropertiesService: user stores per simulated user, one document store, one script store. */
import { GasError, noPermission } from './errors';

const VALUE_LIMIT = 9 * 1024;
const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
const STORE_LIMIT = 500 * 1024;

export class PropertyStore {
  data: Record<string, string> = {};
  constructor(
    private call: (name: string) => void,
    private mayWrite: () => boolean,
  ) {}

  private guard(): void {
    if (!this.mayWrite()) throw noPermission('PropertiesService.Properties.setProperty');
  }

  /**
   * Sizes are bytes of UTF-8, the key included (P1): a value of 3,000 characters of accented or
   * non-Latin text can pass 9 KB. A value replaced no longer counts toward the store.
   */
  private check(key: string, value: string): void {
    const size = bytes(key) + bytes(value);
    if (size > VALUE_LIMIT) throw new GasError('Argument too large: value');
    const total = Object.entries(this.data)
      .filter(([k]) => k !== key)
      .reduce((n, [k, v]) => n + bytes(k) + bytes(v), 0);
    if (total + size > STORE_LIMIT) {
      throw new GasError(
        'You have exceeded the property storage quota. Please remove some properties and try again.',
      );
    }
  }

  getProperty(key: string): string | null {
    this.call('Properties.getProperty');
    return Object.prototype.hasOwnProperty.call(this.data, key) ? (this.data[key] as string) : null;
  }
  getProperties(): Record<string, string> {
    this.call('Properties.getProperties');
    return { ...this.data };
  }
  getKeys(): string[] {
    this.call('Properties.getKeys');
    return Object.keys(this.data);
  }
  setProperty(key: string, value: string): PropertyStore {
    this.call('Properties.setProperty');
    this.guard();
    this.check(key, String(value));
    this.data[key] = String(value);
    return this;
  }
  setProperties(values: Record<string, string>, deleteAllOthers = false): PropertyStore {
    this.call('Properties.setProperties');
    this.guard();
    if (deleteAllOthers) this.data = {};
    for (const [k, v] of Object.entries(values)) {
      this.check(k, String(v));
      this.data[k] = String(v);
    }
    return this;
  }
  deleteProperty(key: string): PropertyStore {
    this.call('Properties.deleteProperty');
    this.guard();
    delete this.data[key];
    return this;
  }
  deleteAllProperties(): PropertyStore {
    this.call('Properties.deleteAllProperties');
    this.guard();
    this.data = {};
    return this;
  }
}
