/**
 * Opening a sidebar tab the way a person does: its section first (Lists, Monitor) when the tab
 * lives in one, then the tab. For the browser tests and the listing's screenshots.
 */
import { sectionOf, type Panel } from '../src/contract/sidebar';

interface Clickable {
  locator(selector: string): {
    click(): Promise<void>;
    waitFor(options?: { state?: 'visible' }): Promise<void>;
  };
}

/** Until no CSS transition or animation runs (the progress bar's width): a screen at rest. */
export const atRest = (page: { waitForFunction(expression: string): Promise<unknown> }) =>
  page.waitForFunction("document.getAnimations().every((a) => a.playState !== 'running')");

export async function openTab(root: Clickable, panel: Panel): Promise<void> {
  const section = sectionOf(panel);
  if (section.panels.length > 1) await root.locator(`#section-${section.id}`).click();
  await root.locator(`#tab-${panel}`).click();
  // Open once its tab says so and its panel shows.
  await root.locator(`#tab-${panel}[aria-selected="true"]`).waitFor();
  await root.locator(`#panel-${panel}`).waitFor({ state: 'visible' });
}
