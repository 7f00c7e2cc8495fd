/** Scores: public scores written as values for the selected websites, movers, a site's history. */
import { html } from 'lit-html';
import {
  previewNotInIndexLabel,
  type ScorePlanView,
  type ScoreReport,
  type ScoreRequest,
  type ScoreRunOptions,
  type ListPlace,
  type DashboardLink,
} from '../../contract/scores';
import { DEFAULTS } from '../../contract/defaults';
import { REPORT_PERIODS } from '../../contract/reports';
import {
  backToList,
  attempt,
  checkbox,
  fieldValue,
  mount,
  messageLine,
  NO_MESSAGE,
  reportMessage,
  say,
  type Message,
} from '../component';
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
  historyText: string;
  historyPoints: string | null;
  /** "Open in Looker Studio": its address, or what it lacks; null until asked. */
  dashboard: DashboardLink | null;
  /** The last run's rows not in the public index, for "Generate previews for these". */
  notInIndex: { sheetName: string; rows: number } | null;
  /** Where the last run's scores are, to say and go to. */
  scoresAt: ListPlace | null;
  /** A chart sheet was just made: the way back to the list it came from. */
  backTo: ListPlace | null;
  reportWeeks: number;
  /** Make report may ask the service for its words on the brand's score (one request). */
  reportFresh: boolean;
  reportMessage: Message;
  reportUrl: string | null;
}

function planText(p: ScorePlanView): string {
  return p.a1
    ? `${p.sheetName}!${p.a1}: ${counted(p.rows, 'row')}, ${counted(p.distinct, 'distinct site')}, ${p.fresh} already fresh, ${p.toFetch} to fetch (${p.cached} cached, ${requestsText(p.requests, p.quotaLeft)})${p.invalid ? `, ${p.invalid} not valid` : ''}.`
    : (p.message ?? 'Select the cells that hold the websites (one column).');
}

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** Up or down in words too: colour is never the only signal. */
const moverText = (m: ScoreReport['movers'][number]) =>
  `${m.brand || m.website}: ${m.from} → ${m.to} (${m.change > 0 ? 'up' : 'down'} ${Math.abs(m.change)}), row ${m.row}`;

export function scoresTab(host: HTMLElement, onWorkDone: () => void) {
  const tab = mount<State>(
    host,
    {
      plan: 'Reading your selection…',
      canScore: false,
      refresh: 'stale',
      staleDays: DEFAULTS.staleDays,
      scoring: false,
      percent: null,
      message: NO_MESSAGE,
      movers: [],
      historyText: 'Select a row of a scored list.',
      historyPoints: null,
      dashboard: null,
      notInIndex: null,
      backTo: null,
      scoresAt: null,
      reportWeeks: REPORT_PERIODS[0],
      reportFresh: false,
      reportMessage: NO_MESSAGE,
      reportUrl: null,
    },
    (s) =>
      html`<h2>Score a list</h2>
        <p id="score-plan" class="muted">${s.plan}</p>
        <p class="hint">
          Public scores are written as values (sortable, shareable, no request when opened). The
          public index needs no key. Each run adds new readings to the "Score history" sheet.
        </p>
        <label for="score-refresh">What to fetch</label>
        <select
          id="score-refresh"
          @change=${(e: Event) => {
            tab.set({ refresh: fieldValue(e) as State['refresh'] });
            void plan();
          }}
        >
          <option value="stale" ?selected=${s.refresh === 'stale'}>
            New, failed or stale rows
          </option>
          <option value="missing" ?selected=${s.refresh === 'missing'}>
            Only rows never checked
          </option>
          <option value="all" ?selected=${s.refresh === 'all'}>Every row, fetched again</option>
        </select>
        <label for="stale-days">Days before a score is stale</label>
        <input
          id="stale-days"
          type="number"
          min="0"
          max="365"
          .value=${String(s.staleDays)}
          @change=${(e: Event) => {
            tab.set({ staleDays: Number(fieldValue(e)) });
            void plan();
          }}
        />
        <div class="row">
          <button
            id="score"
            class="primary"
            ?disabled=${s.scoring || !s.canScore}
            @click=${() => void score()}
          >
            Score
          </button>
          <button
            id="refresh-score-plan"
            title="Read the selection again"
            @click=${() => {
              void plan();
              void history();
            }}
          >
            Update selection
          </button>
          <button
            id="compare-chart"
            title="Select a website with its competitors below it: the first is the brand"
            @click=${() => void compare()}
          >
            Compare chart
          </button>
        </div>
        <div
          id="score-progress"
          class="bar"
          role="progressbar"
          aria-label="Scoring progress"
          aria-valuemin="0"
          aria-valuemax="100"
          aria-valuenow=${s.percent ?? 0}
          ?hidden=${s.percent === null}
        >
          <span id="score-bar" class="seg complete" style="width:${s.percent ?? 0}%"></span>
        </div>
        ${messageLine('score-message', s.message)} ${scoresAtLine(s.scoresAt)}
        ${backToList('back-to-list', s.backTo, returned)}
        <button
          id="preview-not-in-index"
          ?hidden=${!s.notInIndex}
          ?disabled=${s.scoring}
          @click=${() => void previewNotInIndex()}
        >
          ${previewNotInIndexLabel(s.notInIndex?.rows ?? 0)}
        </button>
        <h3 id="movers-title" ?hidden=${s.movers.length === 0}>Movers of the last run</h3>
        <ul id="movers" class="recent" tabindex="0" aria-labelledby="movers-title">
          ${s.movers.map((m) => html`<li>${moverText(m)}</li>`)}
        </ul>
        <h3>History of the selected site</h3>
        <p id="site-history-text" class="muted">${s.historyText}</p>
        <svg
          id="site-history"
          class="spark"
          viewBox="0 0 260 60"
          role="img"
          aria-labelledby="site-history-text"
          ?hidden=${s.historyPoints === null}
        >
          <polyline
            id="site-history-line"
            fill="none"
            stroke="#1a73e8"
            stroke-width="2"
            points=${s.historyPoints ?? ''}
          />
        </svg>
        ${dashboardBlock(s.dashboard)}
        <h3>Report deck</h3>
        <p class="hint">
          Select a brand's row in a scored list, with its competitors' rows right below it: a Google
          Slides deck is made in your Drive from the list and its "Score history", with your
          branding from Settings.
        </p>
        <label for="report-weeks">Period</label>
        <select
          id="report-weeks"
          @change=${(e: Event) => tab.set({ reportWeeks: Number(fieldValue(e)) })}
        >
          ${REPORT_PERIODS.map(
            (w) =>
              html`<option value=${w} ?selected=${s.reportWeeks === w}>Last ${w} weeks</option>`,
          )}
        </select>
        ${checkbox(
          'report-fresh',
          s.reportFresh,
          (on) => tab.set({ reportFresh: on }),
          "Quote what the service says of the brand's score (one request, unless it was scored in the last 6 hours)",
        )}
        <div class="row">
          <button id="make-report" @click=${() => void report()}>Make report</button>
        </div>
        ${messageLine('report-message', s.reportMessage)}
        <a
          id="report-link"
          href=${s.reportUrl ?? '#'}
          target="_blank"
          rel="noopener"
          ?hidden=${!s.reportUrl}
          >Open the deck</a
        >`,
  );

  const options = (): ScoreRunOptions => ({
    refresh: tab.state.refresh,
    staleDays: tab.state.staleDays,
  });

  async function plan(): Promise<void> {
    if (tab.state.scoring) return;
    // Read with the plan: the list in view and whether Score history exists change together.
    void call('getDashboardLink').then(
      (dashboard) => tab.set({ dashboard }),
      () => tab.set({ dashboard: null }),
    );
    try {
      const p = await call('getScorePlan', options());
      tab.set({ plan: planText(p), canScore: p.toFetch + p.invalid > 0 });
    } catch (e) {
      tab.set({ plan: errorText(e) });
    }
  }

  async function score(): Promise<void> {
    tab.set({ scoring: true, percent: 0, message: say('Scoring…') });
    let request: ScoreRequest | null = null;
    let done = 0;
    try {
      for (;;) {
        const r: ScoreReport = await call('scoreSelection', { ...options(), request });
        done += r.scored;
        tab.set({
          percent: r.state === 'partial' ? Math.round((100 * done) / (done + r.remaining)) : 100,
          message: reportMessage(r),
          movers: r.movers,
          notInIndex:
            r.notInIndex > 0 && r.request
              ? { sheetName: r.request.sheetName, rows: r.notInIndex }
              : null,
          scoresAt: r.scoresAt ?? tab.state.scoresAt,
        });
        if (r.state !== 'partial' || !r.request) break;
        request = r.request;
      }
    } catch (e) {
      tab.set({ message: say(errorText(e), 'error') });
    } finally {
      tab.set({ scoring: false });
      void plan();
      void history();
      onWorkDone();
    }
  }

  /** Previews for the rows the public index lacks: they are found by their Score message. */
  const previewNotInIndex = () =>
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

  const compare = () =>
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

  const report = () =>
    attempt(
      (m) => tab.set({ reportMessage: m }),
      async () => {
        tab.set({ reportUrl: null });
        const r = await call('makeReport', {
          weeks: tab.state.reportWeeks,
          fresh: tab.state.reportFresh,
        });
        tab.set({ reportUrl: r.url });
        return r;
      },
      reportMessage,
      'Making the deck…',
    );

  /** Where the scores landed (a first run adds its columns at the right, out of sight). */
  function scoresAtLine(place: ListPlace | null) {
    return place
      ? html`<p id="scores-at" class="hint">
          ${`The scores are in the "Public score" column: ${place.sheetName}!${place.a1}.`}
          <button type="button" class="link" id="show-scores" @click=${() => void show(place)}>
            Show them
          </button>
        </p>`
      : '';
  }

  function show(place: ListPlace): Promise<unknown> {
    const gone = say(`"${place.sheetName}" is no longer in this spreadsheet.`, 'error');
    return call('returnToList', place).then(
      (found) => found || tab.set({ message: gone }),
      (e: unknown) => tab.set({ message: say(errorText(e), 'error') }),
    );
  }

  /** Back on the list (or told it is gone): the plan is the list's again. */
  function returned(message: Message): void {
    tab.set({ backTo: null, message });
    void plan();
  }

  /** Score history over time in the person's own Looker Studio (docs/looker-studio.md). */
  function dashboardBlock(link: DashboardLink | null) {
    if (!link) return '';
    return html`<h3>Dashboard</h3>
      ${
        'url' in link
          ? html`<p class="hint">
              Score history by brand and engine, competitors side by side, in a Looker Studio report
              of your own (it reads this spreadsheet; nothing is sent elsewhere).
              <a id="open-dashboard" href=${link.url} target="_blank" rel="noopener"
                >Open in Looker Studio</a
              >
            </p>`
          : html`<p id="dashboard-missing" class="hint">${link.missing}</p>`
      }`;
  }

  async function history(): Promise<void> {
    try {
      const h = await call('getSiteHistory');
      if (!h.site || h.points.length === 0) {
        tab.set({
          historyPoints: null,
          historyText: h.site
            ? `${h.site}: no readings in the "Score history" sheet yet: press Score to take the first.`
            : 'Select a row of a scored list.',
        });
        return;
      }
      const first = h.points[0]!;
      const last = h.points[h.points.length - 1]!;
      const step = h.points.length > 1 ? 250 / (h.points.length - 1) : 0;
      tab.set({
        historyText:
          h.points.length === 1
            ? `${h.site}: ${first.score} on ${day(first.at)}, the only reading so far (each Score run that finds a new scan adds one).`
            : `${h.site}: ${first.score} → ${last.score} over ${h.points.length} readings (${day(first.at)} to ${day(last.at)}).`,
        historyPoints: h.points
          .map((p, i) => `${(5 + i * step).toFixed(1)},${(55 - p.score / 2).toFixed(1)}`)
          .join(' '),
      });
    } catch (e) {
      tab.set({ historyText: errorText(e) });
    }
  }

  return { plan, history };
}
