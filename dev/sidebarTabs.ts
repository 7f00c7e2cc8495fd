/**
 * Opening a sidebar tab the way a person does: its section first (Lists, Monitor) when the tab
 * lives in one, then the tab. For the browser tests and the listing's screenshots.
 */
import { POLL_MS, sectionOf, type Panel } from '../src/contract/sidebar';

interface Clickable {
  locator(selector: string): {
    click(): Promise<void>;
    waitFor(options?: { state?: 'visible' }): Promise<void>;
  };
}

/**
 * Until no call to the server is in flight (the page's `aria-busy`) and no CSS transition or
 * animation runs (the progress bar's width): a screen at rest, whatever the machine's load.
 */
export const atRest = (page: { waitForFunction(expression: string): Promise<unknown> }) =>
  page.waitForFunction(
    "document.body.getAttribute('aria-busy') !== 'true' && document.getAnimations().every((a) => a.playState !== 'running')",
  );

export async function openTab(root: Clickable, panel: Panel): Promise<void> {
  const section = sectionOf(panel);
  if (section.panels.length > 1) await root.locator(`#section-${section.id}`).click();
  await root.locator(`#tab-${panel}`).click();
  // Open once its tab says so and its panel shows.
  await root.locator(`#tab-${panel}[aria-selected="true"]`).waitFor();
  await root.locator(`#panel-${panel}`).waitFor({ state: 'visible' });
}

interface Clocked {
  clock: { fastForward(ms: number): Promise<void> };
  waitForFunction(
    fn: string | (() => boolean),
    arg: undefined,
    options: { timeout: number },
  ): Promise<unknown>;
}

/**
 * The sidebar's preview polls, each at once, until the page shows what `shown` looks for: its page
 * runs on Playwright's clock (`clock.install()` before it loads), which jumps to each poll's time
 * instead of waiting ten seconds for it. A poll skipped (a Generate still running) is followed by
 * the next one.
 */
export async function pollUntil(
  page: Clocked,
  shown: string | (() => boolean),
  polls = 10,
): Promise<void> {
  for (let poll = 1; ; poll++) {
    await page.clock.fastForward(POLL_MS);
    try {
      return void (await page.waitForFunction(shown, undefined, { timeout: 3000 }));
    } catch (error) {
      // Not yet: the next poll, unless this was the last.
      if (poll >= polls) throw error;
    }
  }
}
