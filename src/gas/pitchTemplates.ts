/**
 * The user's own pitch templates, in their user properties (they follow the user from sheet to
 * sheet), one property each: a value holds 9 KB and a store 500 KB (P1).
 */
import type { PitchTemplate } from '../contract/outreach';
import { headerKey } from '../domain/table';
import { deleteUserProperty, setUserProperties, userPropertiesStartingWith } from './userStore';

const PREFIX = 'vis.pitch.';

const keyOf = (name: string) => PREFIX + headerKey(name);

function parse(text: string): PitchTemplate | null {
  try {
    const t = JSON.parse(text) as Partial<PitchTemplate>;
    return typeof t.name === 'string' && typeof t.text === 'string'
      ? { name: t.name, text: t.text }
      : null;
  } catch {
    return null; // A damaged entry is not offered.
  }
}

export function savedTemplates(): PitchTemplate[] {
  return Object.values(userPropertiesStartingWith(PREFIX))
    .map(parse)
    .filter((t): t is PitchTemplate => t !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function keepTemplate(template: PitchTemplate): void {
  setUserProperties({ [keyOf(template.name)]: JSON.stringify(template) });
}

export function forgetTemplate(name: string): void {
  deleteUserProperty(keyOf(name));
}
