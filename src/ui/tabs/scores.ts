/**
 * Scores: public scores written as values for the selected websites and the movers; a site's
 * history, the dashboard and the report deck are components of their own in the same panel.
 */
import { html } from 'lit-html';
import {
  previewNotInIndexLabel,
  type ScorePlanView,
  type ScoreReport,
  type ScoreRequest,
  type ScoreRunOptions,
  type ListPlace,
  type Mover,
} from '../../contract/scores';
import { DEFAULTS } from '../../contract/defaults';
import { dashboardBlock } from './dashboard';
import { reportDeckBlock } from './reportDeck';
import { siteHistoryBlock } from './siteHistory';
import {
  backToList,
  attempt,
  fieldValue,
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
import { counted, requestsText } from '../words';

interface State {
  plan: string;
  canScore: boolean;
  refresh: ScoreRunOptions['refresh'];
  staleDays: number;
  scoring: boolean;
  percent: number | null;
  message: Message;
  movers: ScoreReport['movers'];
  /** The last run's rows not in the public index, for "Generate previews for these". */
  notInIndex: { sheetName: string; rows: number } | null;
  /** Where the last run's scores are, to say and go to. */
  scoresAt: ListPlace | null;
  /** A chart sheet was just made: the way back to the list it came from. */
  backTo: ListPlace | null;
}

/**
 * The plan in rows and sites, each said as what it is: rows checked lately (the list's policy,
 * not the scan's age) are left; sites are what is fetched.
 */
function planText(p: ScorePlanView, days: number): string {
  return p.a1
    ? `${p.sheetName}!${p.a1}: ${counted(p.rows, 'row')} (${counted(p.distinct, 'distinct site')}), ${counted(p.fresh, 'row')} checked in the last ${counted(days, 'day')}; ${counted(p.toFetch, 'site')} to fetch (${p.cached} cached, ${requestsText(p.requests, p.quotaLeft)})${p.invalid ? `, ${p.invalid} not valid` : ''}.`
    : (p.message ?? 'Select the cells that hold the websites (one column).');
}

type Weighed = NonNullable<Mover['swing']>;

/** A move weighed against the brand's usual swing, or the default band until it has one. */
const weighedText = (w: Weighed) =>
  w.unusual
    ? `unusual: it usually moves by ${w.usual}`
    : `within ${w.own ? 'its usual' : 'the default'} swing of ${w.usual}`;

/** The move's verdict, and each engine whose own move is unusual. */
const swingWords = (m: Mover) =>
  [
    ...(m.swing ? [weighedText(m.swing)] : []),
    ...(m.engines ?? [])
      .filter((e) => e.swing?.unusual)
      .map((e) => `${e.engine} ${upOrDown(e.change)}, unusual`),
  ]
    .map((w) => `; ${w}`)
    .join('');

/** Up or down in words too: colour is never the only signal. */
const upOrDown = (change: number) =>
  change === 0 ? 'held' : `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}`;

const moverText = (m: Mover) =>
  `${m.brand || m.website}: ${m.from} → ${m.to} (${upOrDown(m.change)}${swingWords(m)}), row ${m.row}`;

type Tab = Component<State>;

interface Actions {
  set(change: Partial<State>): void;
  plan(): void;
  update(): void;
  score(): void;
  compare(): void;
  previewNotInIndex(): void;
  show(place: ListPlace): void;
  returned(message: Message): void;
}

/** What to fetch, and after how many days a row is checked again: each change reads the plan again. */
const policy = (s: State, act: Actions) =>
  html`<label for="score-refresh">What to fetch</label>
    <select
      id="score-refresh"
      @change=${(e: Event) => {
        act.set({ refresh: fieldValue(e) as State['refresh'] });
        act.plan();
      }}
    >
      <option value="stale" ?selected=${s.refresh === 'stale'}>
        New, failed or not checked lately
      </option>
      <option value="missing" ?selected=${s.refresh === 'missing'}>Only rows never checked</option>
      <option value="all" ?selected=${s.refresh === 'all'}>Every row, fetched again</option>
    </select>
    <label for="stale-days">Check a row again after (days)</label>
    <input
      id="stale-days"
      type="number"
      min="0"
      max="365"
      .value=${String(s.staleDays)}
      @change=${(e: Event) => {
        act.set({ staleDays: Number(fieldValue(e)) });
        act.plan();
      }}
    />`;

const buttons = (s: State, act: Actions) =>
  html`<div class="row">
    <button id="score" class="primary" ?disabled=${s.scoring || !s.canScore} @click=${act.score}>
      Score
    </button>
    <button id="refresh-score-plan" title="Read the selection again" @click=${act.update}>
      Update selection
    </button>
    <button
      id="compare-chart"
      title="Select a website with its competitors below it: the first is the brand"
      @click=${act.compare}
    >
      Compare chart
    </button>
  </div>`;

/** Where the scores landed (a first run adds its columns at the right, out of sight). */
const scoresAtLine = (place: ListPlace | null, act: Actions) =>
  place
    ? html`<p id="scores-at" class="hint">
        ${`The scores are in the "Public score" column: ${place.sheetName}!${place.a1}.`}
        <button type="button" class="link" id="show-scores" @click=${() => act.show(place)}>
          Show them
        </button>
      </p>`
    : '';

/** The run: its progress, what it said, the offer of previews, and its movers. */
const runView = (s: State, act: Actions) =>
  html`${progressBar(
      {
        id: 'score-progress',
        label: 'Scoring progress',
        percent: s.percent ?? 0,
        hidden: s.percent === null,
      },
      html`<span id="score-bar" class="seg complete" style="width:${s.percent ?? 0}%"></span>`,
    )}
    ${messageLine('score-message', s.message)} ${scoresAtLine(s.scoresAt, act)}
    ${backToList('back-to-list', s.backTo, act.returned)}
    <button
      id="preview-not-in-index"
      ?hidden=${!s.notInIndex}
      ?disabled=${s.scoring}
      @click=${act.previewNotInIndex}
    >
      ${previewNotInIndexLabel(s.notInIndex?.rows ?? 0)}
    </button>
    <h3 id="movers-title" ?hidden=${s.movers.length === 0}>Movers of the last run</h3>
    <ul id="movers" class="recent" tabindex="0" aria-labelledby="movers-title">
      ${s.movers.map((m) => html`<li>${moverText(m)}</li>`)}
    </ul>`;

const view = (s: State, act: Actions) =>
  html`<h2>Score a list</h2>
    <p id="score-plan" class="muted">${s.plan}</p>
    <p class="hint">
      Written as values, no key needed; each run adds its readings to "Score history".
    </p>
    ${policy(s, act)} ${buttons(s, act)} ${runView(s, act)}
    <div id="site-history-host"></div>
    <div id="dashboard-host"></div>
    <div id="report-deck-host"></div>`;

const INITIAL: State = {
  plan: 'Reading your selection…',
  canScore: false,
  refresh: 'stale',
  staleDays: DEFAULTS.staleDays,
  scoring: false,
  percent: null,
  message: NO_MESSAGE,
  movers: [],
  notInIndex: null,
  backTo: null,
  scoresAt: null,
};

const optionsOf = (tab: Tab): ScoreRunOptions => ({
  refresh: tab.state.refresh,
  staleDays: tab.state.staleDays,
});

/** One report of a run shown: progress, words, movers, the offer of previews, where scores are. */
function showRun(tab: Tab, r: ScoreReport, done: number): void {
  tab.set({
    percent: r.state === 'partial' ? Math.round((100 * done) / (done + r.remaining)) : 100,
    message: reportMessage(r),
    movers: r.movers,
    notInIndex:
      r.notInIndex > 0 && r.request ? { sheetName: r.request.sheetName, rows: r.notInIndex } : null,
    scoresAt: r.scoresAt ?? tab.state.scoresAt,
  });
}

/** Score, continued call after call while the server says the run is partial. */
async function score(tab: Tab, after: () => void): Promise<void> {
  tab.set({ scoring: true, percent: 0, message: say('Scoring…') });
  const run = (request: ScoreRequest | null) =>
    call('scoreSelection', { ...optionsOf(tab), request });
  let done = 0;
  try {
    await untilDone(
      () => run(null),
      run,
      (r) => {
        done += r.scored;
        showRun(tab, r, done);
      },
    );
  } catch (e) {
    tab.set({ message: say(errorText(e), 'error') });
  } finally {
    tab.set({ scoring: false });
    after();
  }
}

/** Previews for the rows the public index lacks: they are found by their Score message. */
const previewNotInIndex = (tab: Tab, onWorkDone: () => void) =>
  attempt(
    (message) => tab.set({ message }),
    () =>
      call('startPreviewsForSelection', {
        sheetName: tab.state.notInIndex?.sheetName ?? '',
        a1: '',
        only: 'notInIndex',
      }),
    (r) => {
      if (r.state === 'done' || r.state === 'partial') tab.set({ notInIndex: null });
      onWorkDone();
      return reportMessage(r);
    },
    'Starting previews…',
  );

const compare = (tab: Tab) =>
  attempt(
    (message) => tab.set({ message }),
    async () => {
      tab.set({ backTo: null });
      const r = await call('insertCompareChart');
      tab.set({ backTo: r.backTo });
      return r;
    },
    reportMessage,
    'Drawing the comparison…',
  );

function show(tab: Tab, place: ListPlace): Promise<unknown> {
  const gone = say(`"${place.sheetName}" is no longer in this spreadsheet.`, 'error');
  return call('returnToList', place).then(
    (found) => found || tab.set({ message: gone }),
    (e: unknown) => tab.set({ message: say(errorText(e), 'error') }),
  );
}

async function readPlan(tab: Tab): Promise<void> {
  if (tab.state.scoring) return;
  try {
    const p = await call('getScorePlan', optionsOf(tab));
    tab.set({ plan: planText(p, tab.state.staleDays), canScore: p.toFetch + p.invalid > 0 });
  } catch (e) {
    tab.set({ plan: errorText(e) });
  }
}

export function scoresTab(host: HTMLElement, onWorkDone: () => void) {
  const plan = async () => {
    void dashboard.load();
    await readPlan(tab);
  };
  const act: Actions = {
    set: (change) => tab.set(change),
    plan: () => void plan(),
    update: () => void Promise.all([plan(), history()]),
    score: () => void score(tab, () => void Promise.all([plan(), history(), onWorkDone()])),
    compare: () => void compare(tab),
    previewNotInIndex: () => void previewNotInIndex(tab, onWorkDone),
    show: (place) => void show(tab, place),
    // Back on the list (or told it is gone): the plan is the list's again.
    returned: (message) => (tab.set({ backTo: null, message }), void plan()),
  };
  const tab: Tab = mount<State>(host, INITIAL, (s) => view(s, act));
  // One component per feature, each in its own place of the panel the tab drew.
  const siteHistory = siteHistoryBlock(host.querySelector<HTMLElement>('#site-history-host')!);
  const dashboard = dashboardBlock(host.querySelector<HTMLElement>('#dashboard-host')!);
  reportDeckBlock(host.querySelector<HTMLElement>('#report-deck-host')!);
  const history = siteHistory.load;
  return { plan, history };
}
