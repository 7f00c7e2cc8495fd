/** Previews: bulk generation for the selected websites, progress as they complete, rows to fix. */
import { html } from 'lit-html';
import {
  waitingOnOthersWords,
  type GenerateReport,
  type GenerateRequest,
  type PollReport,
  type SelectionSummary,
} from '../../contract/previews';
import { VISIBILITY_LEVELS } from '../../contract/levels';
import {
  needsKey,
  mount,
  messageLine,
  NO_MESSAGE,
  progressBar,
  reportMessage,
  say,
  type Component,
  type Message,
} from '../component';
import { untilDone } from '../runs';
import { call, errorText } from '../rpc';
import { counted, plural, requestsText } from '../words';
import { strandedView, unadoptedView } from './strandedPreviews';

type Completed = PollReport['justCompleted'][number];

interface State {
  selection: string;
  canGenerate: boolean;
  generating: boolean;
  message: Message;
  upgradeUrl: string | null;
  warning: string | null;
  progress: PollReport | null;
  /** Newest first, at most 20, across polls. */
  recent: Completed[];
  /** Where the last Generate worked: Retry sends that block's failed rows again. */
  lastRequest: GenerateRequest | null;
  /** Previews need the key: without one, Generate says so before it is pressed. */
  hasKey: boolean;
  /** Test connection was refused for the saved key: Generate would only spend requests. */
  keyRefused: boolean;
  /**
   * What awaits confirmation: the group of stranded previews whose "Make them again" was pressed,
   * or "Adopt these IDs".
   */
  confirmingRemake: string | null;
}

type Stranded = PollReport['stranded'][number];

function selectionText(s: SelectionSummary): string {
  return s.a1
    ? `${s.sheetName}!${s.a1}: ${s.urls} filled ${plural(s.urls, 'row')}, ${s.alreadyHavePreview} already with a preview, ${s.willSend} to send${s.repeats ? `, ${s.repeats} ${s.repeats === 1 ? 'repeats a site' : 'repeat sites'} above (sent once)` : ''}${s.invalid ? `, ${s.invalid} not valid` : ''} (${requestsText(s.willSend, s.quotaLeft)}).`
    : (s.message ?? 'Select the cells that hold the websites (one column).');
}

const toneOf = (r: GenerateReport) =>
  r.state === 'refused' || r.state === 'busy' ? 'error' : r.state === 'done' ? 'ok' : '';

/**
 * Pending previews this person's poll completes: not a teammate's, not those nobody completes,
 * not IDs nobody's record knows.
 */
const minePending = (p: PollReport | null | undefined): number =>
  p
    ? p.pending -
      p.waitingOnOthers.reduce((n, w) => n + w.count, 0) -
      p.stranded.reduce((n, g) => n + g.count, 0) -
      p.unadopted.rows
    : 0;

interface Actions {
  retry(): void;
  confirm(key: string | null): void;
  remake(g: Stranded): void;
  adopt(): void;
}

/** The share of complete, pending and failed previews, as a bar and in words. */
function previewBar(p: PollReport) {
  const total = Math.max(1, p.complete + p.pending + p.failed);
  const share = (n: number) => `width:${(100 * n) / total}%`;
  return progressBar(
    {
      id: 'preview-progress',
      label: 'Preview progress',
      percent: Math.round((100 * (p.complete + p.failed)) / total),
      text: `${p.complete} complete, ${p.pending} pending, ${p.failed} failed`,
    },
    html`<span id="bar-complete" class="seg complete" style=${share(p.complete)}></span
      ><span id="bar-pending" class="seg pending" style=${share(p.pending)}></span
      ><span id="bar-failed" class="seg failed" style=${share(p.failed)}></span>`,
  );
}

const count = (id: string, label: string, n: number) =>
  html`<div>
    <dt>${label}</dt>
    <dd id=${id}>${n}</dd>
  </div>`;

const counts = (p: PollReport) =>
  html`<p id="counts-scope" class="hint">Every list in this file:</p>
    <dl class="counts">
      ${count('count-triggered', 'Triggered', p.triggered)}
      ${count('count-pending', 'Pending', p.pending)}
      ${count('count-complete', 'Complete', p.complete)}
      ${count('count-failed', 'Failed', p.failed)}
      ${p.notSent ? count('count-not-sent', 'Not sent', p.notSent) : ''}
    </dl>`;

/** Previews just completed, newest first, and the visibility levels of every completed row. */
function results(p: PollReport, recent: Completed[]) {
  const max = Math.max(1, ...VISIBILITY_LEVELS.map((l) => p.levels[l]));
  return html`<h3 id="recent-title" ?hidden=${recent.length === 0}>Just completed</h3>
    <ul id="recent" class="recent" tabindex="0" aria-labelledby="recent-title">
      ${recent.map(
        (d) => html`<li>${`${d.name || `${d.sheet} row ${d.row}`}: ${d.score ?? 'no score'}`}</li>`,
      )}
    </ul>
    <h3>Visibility of completed rows</h3>
    <div id="levels" class="levels">
      ${VISIBILITY_LEVELS.map(
        (level) =>
          html`<div class="level">
            <span>${level}</span
            ><span class="track"
              ><span class="fill" style=${`width:${(100 * p.levels[level]) / max}%`}></span></span
            ><span>${p.levels[level]}</span>
          </div>`,
      )}
    </div>`;
}

/**
 * Rows that need attention, each a button that selects it in the sheet: those of the list the
 * last Generate worked on; the others are counted.
 */
function attention(p: PollReport, s: State, act: Actions) {
  const inView = s.lastRequest?.sheetName ?? null;
  const errors = inView ? p.errors.filter((e) => e.sheet === inView) : p.errors;
  const elsewhere = p.errors.length - errors.length;
  const retryable = errors.some((e) => e.status !== 'error: bad URL');
  const row = (e: PollReport['errors'][number]) =>
    html`<li>
      <button type="button" class="link" @click=${() => void call('selectRow', e.sheet, e.row)}>
        ${`${e.sheet} row ${e.row}: ${e.status}${e.message ? ` (${e.message})` : ''}`}
      </button>
    </li>`;
  return html`<h3 id="errors-title" ?hidden=${errors.length === 0}>
      ${inView ? `Rows of "${inView}" that need attention` : 'Rows that need attention'}
    </h3>
    <ul id="errors" class="errors">
      ${errors.map(row)}
    </ul>
    <p id="errors-elsewhere" class="hint" ?hidden=${elsewhere === 0}>
      ${`${counted(elsewhere, 'row')} of other lists ${elsewhere === 1 ? 'needs' : 'need'} attention too: Generate on a list shows its own.`}
    </p>
    <div class="row">
      <button id="retry-rows" ?hidden=${!(retryable && s.lastRequest)} @click=${act.retry}>
        Retry these rows
      </button>
    </div>`;
}

function progressView(p: PollReport, s: State, act: Actions) {
  return html`${previewBar(p)} ${counts(p)}
    <p id="waiting-on-others" class="hint" ?hidden=${p.waitingOnOthers.length === 0}>
      ${waitingOnOthersWords(p.waitingOnOthers)}
    </p>
    ${strandedView(p.stranded, s.confirmingRemake, s.generating, act)}
    ${unadoptedView(p.unadopted, s.confirmingRemake, s.generating, act)}
    <p id="poll-cost" class="hint" ?hidden=${p.pending === 0}>
      ${`The last check asked about ${p.asked} ${plural(p.asked, 'preview')} (${counted(p.asked, 'request')}); the others are not due yet, so they cost nothing.`}
    </p>
    ${results(p, s.recent)} ${attention(p, s, act)}`;
}

interface TabActions extends Actions {
  generate(): void;
  readSelection(): void;
  openSettings(): void;
}

const keyWords = (s: State) =>
  s.keyRefused
    ? 'The service refused your saved key: paste it again in Settings, then Test connection.'
    : 'Previews need your API key (a Starter or Pro plan).';

function view(s: State, act: TabActions) {
  const p = s.progress;
  // Only a web address becomes a link: a javascript: URL from the service stays out.
  const plans =
    s.upgradeUrl && /^https?:\/\//.test(s.upgradeUrl)
      ? html`<a href=${s.upgradeUrl}> See plans</a>`
      : '';
  return html`<h2>Bulk previews</h2>
    <p id="selection" class="muted">${s.selection}</p>
    <p class="hint">
      Previews cost no credits. Each one takes 30 to 90 seconds; results fill in by themselves.
    </p>
    ${needsKey('needs-key', keyWords(s), s.hasKey && !s.keyRefused, act.openSettings, s.keyRefused ? 'Open Settings' : undefined)}
    <div class="row">
      <button
        id="generate"
        class="primary"
        aria-describedby="needs-key"
        ?disabled=${s.generating || !s.canGenerate || !s.hasKey || s.keyRefused}
        @click=${act.generate}
      >
        Generate previews
      </button>
      <button id="refresh-selection" title="Read the selection again" @click=${act.readSelection}>
        Update selection
      </button>
    </div>
    ${messageLine('run-message', s.message, plans)}
    <p id="warning" class="warning" ?hidden=${!s.warning}>
      ${s.warning ? `Note from the service: ${s.warning}` : ''}
    </p>
    <div id="progress-block" ?hidden=${!p || p.triggered + p.notSent === 0}>
      ${p ? progressView(p, s, act) : ''}
    </div>`;
}

const INITIAL: State = {
  selection: 'Reading your selection…',
  canGenerate: false,
  generating: false,
  message: NO_MESSAGE,
  upgradeUrl: null,
  warning: null,
  progress: null,
  recent: [],
  lastRequest: null,
  hasKey: true,
  keyRefused: false,
  confirmingRemake: null,
};

type Tab = Component<State>;
type Hooks = { onWorkDone: () => void; onAccountShown: () => void; openSettings: () => void };

async function readSelection(tab: Tab): Promise<void> {
  if (tab.state.generating) return;
  try {
    const s = await call('getSelectionSummary');
    tab.set({ selection: selectionText(s), canGenerate: s.willSend + s.invalid > 0 });
  } catch (e) {
    tab.set({ selection: errorText(e) });
  }
}

/**
 * A poll of the pending previews: the progress, what just completed, and the day's request count
 * shown current (once a minute at most: each look is a server execution), not only at reload.
 */
function poller(tab: Tab, hooks: Hooks) {
  let usageShownAt = 0;
  return async function poll(): Promise<void> {
    try {
      const p = await call('pollPendingPreviews');
      tab.set({
        progress: p,
        recent: [...[...p.justCompleted].reverse(), ...tab.state.recent].slice(0, 20),
        // Background work made again: said once, and it stays until the next Generate.
        ...(p.notice ? { warning: p.notice } : {}),
      });
      if (p.asked > 0 && !tab.state.generating && Date.now() - usageShownAt > 60_000) {
        usageShownAt = Date.now();
        hooks.onWorkDone();
      }
    } catch (e) {
      tab.set({ message: say(errorText(e), 'error') });
    }
  };
}

/** A run's answer shown: its words, its plans link, the service's note once, where it worked. */
function showRun(tab: Tab, r: GenerateReport): void {
  tab.set({
    message: say(r.message, toneOf(r)),
    upgradeUrl: r.state === 'refused' ? r.upgradeUrl : null,
    // The service's note is shown once, the first time it comes.
    warning: tab.state.warning ?? r.warning,
    lastRequest: r.request ?? tab.state.lastRequest,
  });
}

/**
 * Generate, or another start (`first`: making stranded previews again), continued call after
 * call while the server says the run is partial.
 */
async function generate(
  tab: Tab,
  hooks: Hooks,
  poll: () => Promise<void>,
  first: () => Promise<GenerateReport> = () => call('startPreviewsForSelection'),
  starting = 'Starting previews…',
): Promise<void> {
  tab.set({ generating: true, upgradeUrl: null, message: say(starting) });
  try {
    await untilDone(
      first,
      (request: GenerateRequest) => call('startPreviewsForSelection', request),
      async (r) => {
        showRun(tab, r);
        // A refusal or a preview made tells the account line something new (notice, plan).
        if (r.state === 'refused' || r.created > 0) hooks.onAccountShown();
        await poll();
      },
    );
  } catch (e) {
    tab.set({ message: say(errorText(e), 'error') });
  } finally {
    tab.set({ generating: false });
    void readSelection(tab);
    hooks.onWorkDone();
  }
}

async function retry(tab: Tab, poll: () => Promise<void>): Promise<void> {
  const request = tab.state.lastRequest;
  if (!request) return;
  tab.set({ message: say('Sending the failed rows again…') });
  try {
    tab.set({ message: reportMessage(await call('retryPreviews', request)) });
    await poll();
  } catch (e) {
    tab.set({ message: say(errorText(e), 'error') });
  }
}

/** "Adopt these IDs", confirmed: the service asked about each once, the progress shown after. */
async function adopt(tab: Tab, hooks: Hooks): Promise<void> {
  tab.set({ confirmingRemake: null, generating: true, message: say('Asking about those IDs…') });
  try {
    const p = await call('adoptPreviewIds');
    tab.set({
      progress: p,
      message: p.asked
        ? say(
            `Asked the service about ${counted(p.asked, 'ID')} with your key (${counted(p.asked, 'request')}).`,
            'ok',
          )
        : say(
            'No ID was asked about: the service cannot be reached with your key now (check it in Settings, and today’s requests).',
            'error',
          ),
    });
  } catch (e) {
    tab.set({ message: say(errorText(e), 'error') });
  } finally {
    tab.set({ generating: false });
    hooks.onWorkDone();
  }
}

export function previewsTab(host: HTMLElement, hooks: Hooks) {
  const act: TabActions = {
    generate: () => void generate(tab, hooks, poll),
    readSelection: () => void readSelection(tab),
    openSettings: hooks.openSettings,
    retry: () => void retry(tab, poll),
    confirm: (confirmingRemake) => tab.set({ confirmingRemake }),
    remake: (g) => {
      tab.set({ confirmingRemake: null });
      const again = () => call('remakePreviews', g.sheet, g.by);
      void generate(tab, hooks, poll, again, 'Making them again with your key…');
    },
    adopt: () => void adopt(tab, hooks),
  };
  const tab: Tab = mount<State>(host, INITIAL, (s) => view(s, act));
  const poll = poller(tab, hooks);
  return {
    readSelection: () => readSelection(tab),
    poll,
    setHasKey: (hasKey: boolean) => tab.set({ hasKey }),
    /** A new key saved, or the key tested good: a refusal shown for the old one no longer holds. */
    keyChanged: () => {
      if (tab.state.message.tone === 'error') tab.set({ message: NO_MESSAGE, upgradeUrl: null });
    },
    setKeyRefused: (keyRefused: boolean) => tab.set({ keyRefused }),
    /** Worth a poll on the timer: previews are pending and no run is sending. */
    wantsPoll: () => minePending(tab.state.progress) > 0 && !tab.state.generating,
  };
}
