/**
 * Opening a sidebar tab the way a person does: its section first (Lists, Monitor) when the tab
 * lives in one, then the tab. For the browser tests and the listing's screenshots.
 */
import { sectionOf, type Panel } from '../src/contract/sidebar';

interface Clickable {
  locator(selector: string): { click(): Promise<void> };
}

export async function openTab(root: Clickable, panel: Panel): Promise<void> {
  const section = sectionOf(panel);
  if (section.panels.length > 1) await root.locator(`#section-${section.id}`).click();
  await root.locator(`#tab-${panel}`).click();
}
