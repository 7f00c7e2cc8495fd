/**
 * A write Google refused because a protected range or sheet covers it (docs/platform-limits.md
 * P2), said in words: which range, and who may let the person edit it. A trigger runs as the
 * person who made it, so a lead watch or a schedule meets a protection its owner cannot edit.
 */
export const isProtectedRefusal = (error: unknown): boolean =>
  /protected cell or object/i.test(error instanceof Error ? error.message : String(error));

export interface Refusing {
  sheet: string;
  /** A1 of the protected block, or null for the whole sheet. */
  a1: string | null;
  description: string;
  /** Who may edit it (its editors and the file's owner), as Google lists them. */
  editors: string[];
}

/** What a refused write or change of structure was for, said first (a value write by default). */
export const WRITE_REFUSED = 'Nothing could be written here';

export function protectedMessage(
  me: string,
  refusing: readonly Refusing[],
  refused: string = WRITE_REFUSED,
): string {
  const who = me || 'the person running it';
  const named = refusing.map((r) => {
    const where = r.a1 ? `${r.a1} of "${r.sheet}"` : `the sheet "${r.sheet}"`;
    const why = r.description ? ` ("${r.description}")` : '';
    const editors = r.editors.length ? r.editors.join(', ') : 'the file’s owner';
    return `${where} is protected${why}, and ${who} may not edit it: ${editors} can add ${who} to its editors (Data > Protect sheets and ranges)`;
  });
  const what = named.length
    ? `${named.join('; ')}.`
    : `a protected range refused it, and ${who} may not edit it: the file’s owner can say which (Data > Protect sheets and ranges).`;
  return `${refused}: ${what} The rows wait, and the next run writes them once it may.`;
}
