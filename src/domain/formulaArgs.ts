/**
 * A formula's argument list split at its top-level commas (commas inside quotes or parentheses
 * stay): read by freeze (the block a VIS_ formula fills) and by the local runtime's recalculation.
 */
export function splitFormulaArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === '(') depth++;
    if (!quoted && ch === ')') depth--;
    if (!quoted && depth === 0 && ch === ',') {
      out.push(current);
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '' || out.length) out.push(current);
  return out;
}
