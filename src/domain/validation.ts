/**
 * Data validation rules people put on the columns the add-on writes (a `Contacted` checkbox, a
 * `Lead status` dropdown), as data: whether a value would pass a rule that rejects, what the rule
 * accepts in words, and a block's write planned around the cells a rule would refuse. Google
 * refuses a whole `setValues` over one rejected cell (docs/platform-limits.md V2), so a block
 * written blind would lose every other row's answer to one dropdown.
 */
import { isBlank } from './cells';

/** A rule as the gas layer reads it (`DataValidation`'s criteria type, values and mode). */
export interface RuleFacts {
  criteria: string;
  args: unknown[];
  /** True: Sheets only warns (its default). False: it rejects the input. */
  allowInvalid: boolean;
  /** A range-list rule's allowed values, read by the gas layer. */
  listed?: unknown[];
}

export type Verdict = 'passes' | 'fails' | 'unknown';

/** Google's refusal of a write a rejecting rule did not let in (V2). */
export const isValidationRefusal = (error: unknown): boolean =>
  /violates the data validation rules/i.test(
    error instanceof Error ? error.message : String(error),
  );

/**
 * Google's refusal of a write the add-on did not plan around (one of its own sheets), in words;
 * null for any other error.
 */
export function validationRefusalInWords(message: string): string | null {
  const m = /cell (\S+) violates the data validation rules/i.exec(message);
  if (!m) return null;
  return `A data validation rule on cell ${m[1]} refused what the add-on wrote there, so that block was not written. Set the rule to "Show a warning" (Data > Data validation) or remove it, then run this again.`;
}

/** A value as Sheets keeps it once written: a leading apostrophe marks text and is not kept. */
function stored(v: unknown): unknown {
  return typeof v === 'string' && v.startsWith("'") ? v.slice(1) : v;
}

function textOf(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

const num = (v: unknown): number => (typeof v === 'number' ? v : NaN);
const time = (v: unknown): number => (v instanceof Date ? v.getTime() : NaN);

/** Checks each criterion can be judged from the value alone; the rest are 'unknown'. */
const CHECKS: Record<string, (v: unknown, a: unknown[]) => boolean> = {
  CHECKBOX: (v, a) => (a.length === 0 ? typeof v === 'boolean' : a.some((x) => x === v)),
  VALUE_IN_LIST: (v, a) => ((a[0] as unknown[]) ?? []).some((x) => textOf(x) === textOf(v)),
  NUMBER_BETWEEN: (v, a) => num(v) >= Number(a[0]) && num(v) <= Number(a[1]),
  NUMBER_NOT_BETWEEN: (v, a) => num(v) < Number(a[0]) || num(v) > Number(a[1]),
  NUMBER_EQUAL_TO: (v, a) => num(v) === Number(a[0]),
  NUMBER_NOT_EQUAL_TO: (v, a) => !Number.isNaN(num(v)) && num(v) !== Number(a[0]),
  NUMBER_GREATER_THAN: (v, a) => num(v) > Number(a[0]),
  NUMBER_GREATER_THAN_OR_EQUAL_TO: (v, a) => num(v) >= Number(a[0]),
  NUMBER_LESS_THAN: (v, a) => num(v) < Number(a[0]),
  NUMBER_LESS_THAN_OR_EQUAL_TO: (v, a) => num(v) <= Number(a[0]),
  DATE_IS_VALID_DATE: (v) => !Number.isNaN(time(v)),
  DATE_AFTER: (v, a) => time(v) > time(a[0]),
  DATE_BEFORE: (v, a) => time(v) < time(a[0]),
  TEXT_CONTAINS: (v, a) => textOf(v).includes(String(a[0])),
  TEXT_DOES_NOT_CONTAIN: (v, a) => !textOf(v).includes(String(a[0])),
  TEXT_EQUAL_TO: (v, a) => textOf(v) === String(a[0]),
  TEXT_IS_VALID_EMAIL: (v) => typeof v === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  TEXT_IS_VALID_URL: (v) => typeof v === 'string' && /^(https?:\/\/)?[^\s/.]+\.[^\s]+$/i.test(v),
};

/** Whether writing `value` over a cell with `rule` would be let in. */
export function verdict(rule: RuleFacts | null, value: unknown): Verdict {
  if (!rule || rule.allowInvalid) return 'passes';
  const v = stored(value);
  if (isBlank(v)) return 'passes';
  if (rule.criteria === 'VALUE_IN_RANGE' && rule.listed)
    return rule.listed.some((x) => textOf(x) === textOf(v)) ? 'passes' : 'fails';
  const check = CHECKS[rule.criteria];
  if (!check) return 'unknown';
  return check(v, rule.args) ? 'passes' : 'fails';
}

/** What a rule accepts, in the words of the Data validation panel. */
export function acceptsInWords(rule: RuleFacts): string {
  const [a, b] = rule.args;
  const list = (items: unknown[]) => items.map(textOf).join(', ');
  switch (rule.criteria) {
    case 'CHECKBOX':
      return rule.args.length ? `the checkbox values ${list(rule.args)}` : 'checkboxes';
    case 'VALUE_IN_LIST':
      return `one of: ${list((a as unknown[]) ?? [])}`;
    case 'VALUE_IN_RANGE':
      return 'the values of its dropdown’s range';
    case 'NUMBER_BETWEEN':
      return `numbers from ${textOf(a)} to ${textOf(b)}`;
    case 'DATE_IS_VALID_DATE':
      return 'dates';
    case 'TEXT_IS_VALID_EMAIL':
      return 'e-mail addresses';
    case 'TEXT_IS_VALID_URL':
      return 'web addresses';
    case 'CUSTOM_FORMULA':
      return `what its custom formula ${textOf(a)} allows`;
    default:
      return `values meeting its rule (${rule.criteria.toLowerCase().replace(/_/g, ' ')})`;
  }
}

/** One cell the add-on meant to write and a rejecting rule refused. */
export interface Refused {
  header: string;
  row: number;
  rule: RuleFacts;
}

/**
 * The sentence a person reads instead of Google's: each column, what it accepts, the rows left
 * as they were, and the two ways out.
 */
export function refusedMessage(refused: readonly Refused[]): string {
  const byHeader = new Map<string, Refused[]>();
  for (const r of refused) byHeader.set(r.header, [...(byHeader.get(r.header) ?? []), r]);
  const parts = Array.from(byHeader, ([header, cells]) => {
    const rows = cells.map((c) => c.row);
    const named =
      rows.length > 5
        ? `${rows.slice(0, 5).join(', ')} and ${rows.length - 5} more`
        : rows.join(', ');
    return `the \`${header}\` column only accepts ${acceptsInWords(cells[0]!.rule)}: row${rows.length === 1 ? '' : 's'} ${named} kept what ${rows.length === 1 ? 'it' : 'they'} had`;
  });
  return `Some cells were not written: ${parts.join('; ')}. Everything else was written. To let the add-on fill them, set those columns' data validation to "Show a warning" (Data > Data validation) or remove it.`;
}

/** A block's cells written column by column where a rule rejects, the rest as one block. */
export interface BlockPlan {
  /** Offsets of columns no rejecting rule covers in this block: written whole, as before. */
  free: Array<{ start: number; width: number }>;
  /**
   * Ruled columns' changed cells each rule lets in, as runs of rows down one column (one write
   * each). A run that is not `sure` (a rule judged only by Sheets, such as a custom formula) is
   * one cell, so a refusal costs that cell alone.
   */
  segments: Array<{ col: number; row: number; values: unknown[]; sure: boolean }>;
  /** Changed cells a rule would refuse: left as they are, and named. */
  refused: Array<{ col: number; row: number; rule: RuleFacts }>;
}

/**
 * Plans a block (`values[row][col]`, offsets from its corner) over `rules` of the same shape.
 * Only cells `changed` marks are written in a ruled column: a value read back and written again
 * could itself fail a rule added since, and refuse the write of a row the run never touched.
 */
export function planAround(
  values: readonly unknown[][],
  rules: ReadonlyArray<ReadonlyArray<RuleFacts | null>>,
  changed: (row: number, col: number) => boolean,
): BlockPlan {
  const width = values[0]?.length ?? 0;
  const ruled = (c: number) => rules.some((line) => line[c] && !line[c]!.allowInvalid);
  const plan: BlockPlan = { free: [], segments: [], refused: [] };
  for (let c = 0; c < width; c++) {
    if (!ruled(c)) {
      const last = plan.free[plan.free.length - 1];
      if (last && last.start + last.width === c) last.width++;
      else plan.free.push({ start: c, width: 1 });
      continue;
    }
    values.forEach((line, r) => {
      if (!changed(r, c)) return;
      const rule = rules[r]?.[c] ?? null;
      const v = verdict(rule, line[c]);
      if (v === 'fails') return void plan.refused.push({ col: c, row: r, rule: rule! });
      const sure = v === 'passes';
      const last = plan.segments[plan.segments.length - 1];
      if (sure && last?.sure && last.col === c && last.row + last.values.length === r)
        last.values.push(line[c]);
      else plan.segments.push({ col: c, row: r, values: [line[c]], sure });
    });
  }
  return plan;
}
