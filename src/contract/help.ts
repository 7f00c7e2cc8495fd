/**
 * Help. Payloads the server's functions (src/index.ts) return and the sidebar page reads: JSON-
 * safe, imported by both.
 */
/** Help > Run self-check: what the platform did with each rule the add-on relies on. */
export interface SelfCheckReport {
  checks: Array<{ name: string; ok: boolean; detail: string }>;
}
