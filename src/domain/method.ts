/**
 * The rules of the figures the add-on computes (a row's `Change`, the usual swing and what is
 * unusual, levels, the Evidence line), named by one value stamped on every new `Score history`
 * row. It changes whenever one of those rules changes, so a reading can always be read by the
 * rules it was made with; docs/guide/methodology.md keeps the changelog.
 */
export const METHOD = '2026.11';
