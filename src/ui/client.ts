/**
 * The sidebar page. Every value from the server is put into the page as text (textContent),
 * never as markup, so a brand name or message holding HTML shows as it is.
 */
import type {
  GenerateReport,
  GenerateRequest,
  Level,
  MonitorReport,
  PollReport,
  LogEntry,
  Schedule,
  ScheduleView,
  ScorePlanView,
  ScoreReport,
  ScoreRequest,
  ScoreRunOptions,
  SelectionSummary,
  SettingsView,
  SidebarApi,
} from '../contract';
import { PANELS, type Panel } from '../contract';
import { VISIBILITY_LEVELS } from '../domain/levels';

type Runner = {
  withSuccessHandler(fn: (value: unknown) => void): Runner;
  withFailureHandler(fn: (error: Error) => void): Runner;
} & Record<keyof SidebarApi, (...args: unknown[]) => void>;

declare const google: { script: { run: Runner } };

/** google.script.run, typed by the shared list of server functions. */
function call<K extends keyof SidebarApi>(
  name: K,
  ...args: Parameters<SidebarApi[K]>
): Promise<ReturnType<SidebarApi[K]>> {
  return new Promise((resolve, reject) => {
    const runner = google.script.run
      .withSuccessHandler((v) => resolve(v as ReturnType<SidebarApi[K]>))
      .withFailureHandler((e) => reject(e));
    runner[name](...args);
  });
}

const POLL_MS = 10000;
/** Managed scans: the service asks for a poll every 30 to 60 s. */
const MONITOR_MS = 45000;
const LEVELS: readonly Level[] = VISIBILITY_LEVELS;

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

function say(id: string, text: string, kind: 'ok' | 'error' | '' = ''): void {
  const node = $(id);
  node.textContent = text;
  node.className = `message ${kind}`;
}

/** A call that failed outright (the server's refusals come back as results, not as failures):
 * what happened, in words, and what to do next. */
function errorText(e: unknown): string {
  const message = (e instanceof Error ? e.message : String(e)).replace(/^Exception:\s*/, '');
  if (/NetworkError|Connection failure|HTTP 0\b/i.test(message))
    return 'The connection to Google dropped: check your network, then try again.';
  if (/authori[sz]ation is required|permission/i.test(message))
    return `Google asks for your permission again (${message}): reload the spreadsheet, open the add-on from the Extensions menu and allow it.`;
  return `Something went wrong: ${message.replace(/\.$/, '')}. Try again; if it keeps happening, send Help > diagnostics to support.`;
}

/* ---------- tabs ---------- */
function openPanel(panel: Panel): void {
  for (const name of PANELS) {
    $(`panel-${name}`).hidden = name !== panel;
    $(`tab-${name}`).setAttribute('aria-selected', String(name === panel));
  }
}

/* ---------- settings ---------- */
function showSettings(s: SettingsView): void {
  $<HTMLInputElement>('api-key').value = '';
  $<HTMLInputElement>('api-key').placeholder = s.maskedKey ?? 'Paste your API key';
  $('key-state').textContent = s.hasKey
    ? `Saved key: ${s.maskedKey}`
    : 'No key saved yet: formulas for public scores work without one.';
  $<HTMLInputElement>('base-url').value = s.baseUrl;
  $<HTMLInputElement>('allow-formulas').checked = s.allowFormulasToUseKey;
  $<HTMLInputElement>('allow-formulas').disabled = !s.mayAllowFormulas;
  const ownerNote = $('allow-formulas-note');
  ownerNote.hidden = s.mayAllowFormulas;
  ownerNote.textContent = s.mayAllowFormulas
    ? ''
    : 'Only the spreadsheet owner can allow this: formulas run with the owner’s settings.';
  const notice = $('account-notice');
  notice.hidden = !s.accountNotice;
  notice.textContent = s.accountNotice ?? '';
  $<HTMLButtonElement>('remove-key').disabled = !s.hasKey;
  $('trigger-every').textContent =
    s.triggerMinutes >= 60 ? 'hourly' : `every ${s.triggerMinutes} minutes`;
}

async function saveSettings(): Promise<void> {
  const key = $<HTMLInputElement>('api-key').value.trim();
  try {
    const s = await call('saveSettings', {
      ...(key ? { apiKey: key } : {}),
      baseUrl: $<HTMLInputElement>('base-url').value.trim(),
      allowFormulasToUseKey: $<HTMLInputElement>('allow-formulas').checked,
    });
    showSettings(s);
    if (s.refused) say('settings-message', s.refused, 'error');
    else say('settings-message', 'Saved.', 'ok');
  } catch (e) {
    say('settings-message', errorText(e), 'error');
  }
}

async function removeKey(): Promise<void> {
  try {
    showSettings(await call('saveSettings', { apiKey: '' }));
    say('settings-message', 'Key removed.', 'ok');
  } catch (e) {
    say('settings-message', errorText(e), 'error');
  }
}

async function testConnection(): Promise<void> {
  say('settings-message', 'Testing…');
  try {
    const r = await call('testConnection');
    say('settings-message', r.message, r.ok ? 'ok' : 'error');
  } catch (e) {
    say('settings-message', errorText(e), 'error');
  }
}

/* ---------- selection and generation ---------- */
let generating = false;
let warned = false;

function showSelection(s: SelectionSummary): void {
  const text = s.a1
    ? `${s.sheetName}!${s.a1}: ${s.urls} filled row${s.urls === 1 ? '' : 's'}, ${s.alreadyHavePreview} already with a preview, ${s.willSend} to send${s.invalid ? `, ${s.invalid} not valid` : ''} (${s.willSend} URL fetches; ${s.quotaLeft} left today).`
    : (s.message ?? 'Select the cells that hold the websites (one column).');
  $('selection').textContent = text;
  $<HTMLButtonElement>('generate').disabled = generating || s.willSend + s.invalid === 0;
}

async function refreshSelection(): Promise<void> {
  if (generating) return;
  try {
    showSelection(await call('getSelectionSummary'));
  } catch (e) {
    $('selection').textContent = errorText(e);
  }
}

function showWarning(text: string | null): void {
  if (!text || warned) return;
  warned = true;
  const w = $('warning');
  w.hidden = false;
  w.textContent = `Note from the service: ${text}`;
}

async function generate(): Promise<void> {
  generating = true;
  $<HTMLButtonElement>('generate').disabled = true;
  say('run-message', 'Starting previews…');
  let request: GenerateRequest | undefined;
  try {
    for (;;) {
      const r: GenerateReport = await call(
        'startPreviewsForSelection',
        ...(request ? [request] : []),
      );
      showWarning(r.warning);
      const kind =
        r.state === 'refused' || r.state === 'busy' ? 'error' : r.state === 'done' ? 'ok' : '';
      say('run-message', r.message, kind);
      if (r.state === 'refused' && r.upgradeUrl && /^https?:\/\//.test(r.upgradeUrl)) {
        const link = document.createElement('a');
        link.href = r.upgradeUrl;
        link.textContent = ' See plans';
        $('run-message').appendChild(link);
      }
      if (r.state === 'refused') void call('getSettings').then(showSettings);
      await pollOnce();
      if (r.request) lastRequest = r.request;
      if (r.state !== 'partial' || !r.request) break;
      request = r.request;
    }
  } catch (e) {
    say('run-message', errorText(e), 'error');
  } finally {
    generating = false;
    void refreshSelection();
    void refreshUsage();
  }
}

/* ---------- usage ---------- */
async function refreshUsage(): Promise<void> {
  try {
    const u = await call('getUsage');
    $('usage').textContent =
      `URL fetches today: ${u.today.toLocaleString()} of ${u.quota.toLocaleString()}, ${u.left.toLocaleString()} left (${u.why}; ${u.reserve} kept for polling).`;
  } catch (e) {
    $('usage').textContent = errorText(e);
  }
}

/* ---------- scores ---------- */
let scoring = false;

function scoreOptions(): ScoreRunOptions {
  const refresh = $<HTMLSelectElement>('score-refresh').value as ScoreRunOptions['refresh'];
  return { refresh, staleDays: Number($<HTMLInputElement>('stale-days').value) };
}

function showScorePlan(p: ScorePlanView): void {
  $('score-plan').textContent = p.a1
    ? `${p.sheetName}!${p.a1}: ${p.rows} rows, ${p.distinct} distinct sites, ${p.fresh} already fresh, ${p.toFetch} to fetch (${p.cached} cached, ${p.requests} requests; ${p.quotaLeft} URL fetches left today)${p.invalid ? `, ${p.invalid} not valid` : ''}.`
    : (p.message ?? 'Select the cells that hold the websites (one column).');
  $<HTMLButtonElement>('score').disabled = scoring || p.toFetch + p.invalid === 0;
}

async function refreshScorePlan(): Promise<void> {
  if (scoring) return;
  try {
    showScorePlan(await call('getScorePlan', scoreOptions()));
  } catch (e) {
    $('score-plan').textContent = errorText(e);
  }
}

function showMovers(r: ScoreReport): void {
  const list = $('movers');
  list.replaceChildren();
  $('movers-title').hidden = r.movers.length === 0;
  for (const m of r.movers) {
    const item = document.createElement('li');
    // Up or down in words too: colour is never the only signal.
    item.textContent = `${m.brand || m.website}: ${m.from} → ${m.to} (${m.change > 0 ? 'up' : 'down'} ${Math.abs(m.change)}), row ${m.row}`;
    list.appendChild(item);
  }
}

async function score(): Promise<void> {
  scoring = true;
  $<HTMLButtonElement>('score').disabled = true;
  const bar = $('score-progress');
  bar.hidden = false;
  say('score-message', 'Scoring…');
  let request: ScoreRequest | null = null;
  let done = 0;
  try {
    for (;;) {
      const r: ScoreReport = await call('scoreSelection', { ...scoreOptions(), request });
      done += r.scored;
      const percent = r.state === 'partial' ? Math.round((100 * done) / (done + r.remaining)) : 100;
      $('score-bar').style.width = `${percent}%`;
      bar.setAttribute('aria-valuenow', String(percent));
      say(
        'score-message',
        r.message,
        r.state === 'done' ? 'ok' : r.state === 'partial' ? '' : 'error',
      );
      showMovers(r);
      if (r.request) lastRequest = r.request;
      if (r.state !== 'partial' || !r.request) break;
      request = r.request;
    }
  } catch (e) {
    say('score-message', errorText(e), 'error');
  } finally {
    scoring = false;
    void refreshScorePlan();
    void refreshUsage();
    void refreshSiteHistory();
  }
}

async function compareChart(): Promise<void> {
  say('score-message', 'Drawing the comparison…');
  try {
    const r = await call('insertCompareChart');
    say('score-message', r.message, r.state === 'done' ? 'ok' : 'error');
  } catch (e) {
    say('score-message', errorText(e), 'error');
  }
}

/* ---------- schedules ---------- */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

function describe(s: ScheduleView): string {
  const what = s.action === 'refreshScores' ? `Scores of "${s.sheetName}"` : 'The scan monitor';
  const every =
    s.every === 'day'
      ? `every day at ${s.hour}:00`
      : `every ${WEEKDAYS[(s.weekday ?? 1) - 1]} at ${s.hour}:00`;
  const state = s.paused ? 'paused' : `next run ${when(s.nextRun)}`;
  return `${what}, ${every} (${state}). Last run ${when(s.lastRun)}${s.lastResult ? `: ${s.lastResult}` : ''}. Runs as ${s.mine ? 'you' : s.owner}.`;
}

function fillForm(s: ScheduleView | null): void {
  $<HTMLInputElement>('schedule-id').value = s?.id ?? '';
  $<HTMLSelectElement>('schedule-action').value = s?.action ?? 'refreshScores';
  $<HTMLInputElement>('schedule-sheet').value = s?.sheetName ?? '';
  $<HTMLSelectElement>('schedule-every').value = s?.every ?? 'day';
  $<HTMLSelectElement>('schedule-weekday').value = String(s?.weekday ?? 1);
  $<HTMLInputElement>('schedule-hour').value = String(s?.hour ?? 9);
  $<HTMLSelectElement>('schedule-refresh').value = s?.refresh ?? 'stale';
  $<HTMLInputElement>('schedule-email').checked = s?.alert?.email ?? false;
  $<HTMLInputElement>('schedule-min-change').value = String(s?.alert?.minChange ?? 10);
  $('schedule-form-title').textContent = s ? 'Edit the schedule' : 'Add a schedule';
}

function formSchedule(): Schedule {
  const id = $<HTMLInputElement>('schedule-id').value;
  const every = $<HTMLSelectElement>('schedule-every').value as Schedule['every'];
  return {
    ...(id ? { id } : {}),
    action: $<HTMLSelectElement>('schedule-action').value as Schedule['action'],
    sheetName: $<HTMLInputElement>('schedule-sheet').value,
    every,
    hour: Number($<HTMLInputElement>('schedule-hour').value),
    ...(every === 'week'
      ? { weekday: Number($<HTMLSelectElement>('schedule-weekday').value) }
      : {}),
    refresh: $<HTMLSelectElement>('schedule-refresh').value as 'stale' | 'all',
    alert: {
      email: $<HTMLInputElement>('schedule-email').checked,
      minChange: Number($<HTMLInputElement>('schedule-min-change').value),
    },
  };
}

function button(text: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.setAttribute('aria-label', label);
  b.addEventListener('click', onClick);
  return b;
}

function showSchedules(list: ScheduleView[]): void {
  const ul = $('schedule-list');
  ul.replaceChildren();
  if (list.length === 0) {
    const li = document.createElement('li');
    li.textContent = 'No schedules yet.';
    ul.appendChild(li);
  }
  for (const s of list) {
    const li = document.createElement('li');
    const text = document.createElement('p');
    text.textContent = describe(s);
    li.appendChild(text);
    if (s.mine) {
      const name = s.action === 'refreshScores' ? s.sheetName : 'scan monitor';
      const row = document.createElement('div');
      row.className = 'row';
      row.append(
        button('Edit', `Edit the schedule for ${name}`, () => fillForm(s)),
        button(
          s.paused ? 'Resume' : 'Pause',
          `${s.paused ? 'Resume' : 'Pause'} the schedule for ${name}`,
          () => void saveSchedule({ ...s, paused: !s.paused }),
        ),
        button('Delete', `Delete the schedule for ${name}`, () => void deleteSchedule(s.id)),
      );
      li.appendChild(row);
    }
    ul.appendChild(li);
  }
}

function showLog(entries: LogEntry[]): void {
  const ul = $('run-log');
  ul.replaceChildren();
  for (const e of entries) {
    const li = document.createElement('li');
    li.textContent = `${when(e.time)} · ${e.run} · ${e.action.replace(/ #.*$/, '')}${e.sheet ? ` (${e.sheet})` : ''}: ${e.result}`;
    ul.appendChild(li);
  }
}

async function refreshSchedules(): Promise<void> {
  try {
    showSchedules(await call('getSchedules'));
    showLog(await call('getRunLog'));
  } catch (e) {
    say('schedule-message', errorText(e), 'error');
  }
}

async function saveSchedule(s: Schedule): Promise<void> {
  try {
    const r = await call('saveSchedule', s);
    say('schedule-message', r.message, r.ok ? 'ok' : 'error');
    if (r.ok) fillForm(null);
    await refreshSchedules();
  } catch (e) {
    say('schedule-message', errorText(e), 'error');
  }
}

async function deleteSchedule(id: string): Promise<void> {
  try {
    const r = await call('deleteSchedule', id);
    say('schedule-message', r.message, r.ok ? 'ok' : 'error');
    await refreshSchedules();
  } catch (e) {
    say('schedule-message', errorText(e), 'error');
  }
}

/* ---------- a site's history ---------- */
async function refreshSiteHistory(): Promise<void> {
  try {
    const h = await call('getSiteHistory');
    const svg = $('site-history');
    if (!h.site || h.points.length === 0) {
      $('site-history-text').textContent = h.site
        ? `${h.site}: no readings in the "Score history" sheet yet: press Score to take the first.`
        : 'Select a row of a scored list.';
      svg.hidden = true;
      return;
    }
    const first = h.points[0]!;
    const last = h.points[h.points.length - 1]!;
    $('site-history-text').textContent =
      `${h.site}: ${first.score} → ${last.score} over ${h.points.length} reading${h.points.length === 1 ? '' : 's'} (${new Date(first.at).toLocaleDateString()} to ${new Date(last.at).toLocaleDateString()}).`;
    const step = h.points.length > 1 ? 250 / (h.points.length - 1) : 0;
    const points = h.points
      .map((p, i) => `${(5 + i * step).toFixed(1)},${(55 - p.score / 2).toFixed(1)}`)
      .join(' ');
    $('site-history-line').setAttribute('points', points);
    svg.hidden = false;
  } catch (e) {
    $('site-history-text').textContent = errorText(e);
  }
}

/* ---------- first run ---------- */
async function insertExample(): Promise<void> {
  say('start-message', 'Inserting the example and fetching its scores…');
  try {
    const r = await call('insertExample');
    say('start-message', r.message, r.state === 'done' ? 'ok' : 'error');
  } catch (e) {
    say('start-message', errorText(e), 'error');
  }
}

async function insertTemplate(kind: 'prospects' | 'monitor'): Promise<void> {
  try {
    const r = await call('insertTemplate', kind);
    say('start-message', r.message, r.state === 'done' ? 'ok' : 'error');
  } catch (e) {
    say('start-message', errorText(e), 'error');
  }
}

/* ---------- progress ---------- */
let pending = 0;

function showProgress(p: PollReport): void {
  pending = p.pending;
  $('progress-block').hidden = p.triggered + p.failed === 0;
  const total = Math.max(1, p.complete + p.pending + p.failed);
  $('bar-complete').style.width = `${(100 * p.complete) / total}%`;
  $('bar-pending').style.width = `${(100 * p.pending) / total}%`;
  $('bar-failed').style.width = `${(100 * p.failed) / total}%`;
  const bar = $('preview-progress');
  bar.setAttribute('aria-valuenow', String(Math.round((100 * (p.complete + p.failed)) / total)));
  bar.setAttribute(
    'aria-valuetext',
    `${p.complete} complete, ${p.pending} pending, ${p.failed} failed`,
  );
  for (const k of ['triggered', 'pending', 'complete', 'failed'] as const)
    $(`count-${k}`).textContent = String(p[k]);
  if (p.pending > 0)
    $('poll-cost').textContent =
      `The last check asked about ${p.asked} preview${p.asked === 1 ? '' : 's'} (${p.asked} URL fetches); the others are not done yet, so they cost nothing.`;
  $('poll-cost').hidden = p.pending === 0;

  const levels = $('levels');
  levels.replaceChildren();
  const max = Math.max(1, ...LEVELS.map((l) => p.levels[l]));
  for (const level of LEVELS) {
    const row = document.createElement('div');
    row.className = 'level';
    const name = document.createElement('span');
    name.textContent = level;
    const track = document.createElement('span');
    track.className = 'track';
    const fill = document.createElement('span');
    fill.className = 'fill';
    fill.style.width = `${(100 * p.levels[level]) / max}%`;
    track.appendChild(fill);
    const count = document.createElement('span');
    count.textContent = String(p.levels[level]);
    row.append(name, track, count);
    levels.appendChild(row);
  }

  // Newest first; a name is text, whatever characters it holds.
  if (p.justCompleted.length) {
    const recent = $('recent');
    $('recent-title').hidden = false;
    for (const done of p.justCompleted) {
      const item = document.createElement('li');
      item.textContent = `${done.brandName || `${done.sheet} row ${done.row}`}: ${done.score ?? 'no score'}`;
      recent.insertBefore(item, recent.firstChild);
    }
    while (recent.children.length > 20) recent.lastChild?.remove();
  }

  const list = $('errors');
  list.replaceChildren();
  $('errors-title').hidden = p.errors.length === 0;
  for (const e of p.errors) {
    const item = document.createElement('li');
    // A button per row: clicking (or Enter) selects that row in the sheet.
    const go = document.createElement('button');
    go.type = 'button';
    go.className = 'link';
    go.textContent = `${e.sheet} row ${e.row}: ${e.status}${e.message ? ` (${e.message})` : ''}`;
    go.addEventListener('click', () => void call('selectRow', e.sheet, e.row));
    item.appendChild(go);
    list.appendChild(item);
  }
  const retryable = p.errors.some((e) => e.status !== 'error: bad URL');
  $('retry-rows').hidden = !(retryable && lastRequest);
}

/** Where the last Generate worked: Retry sends that block's failed rows again. */
let lastRequest: GenerateRequest | null = null;

async function retryRows(): Promise<void> {
  if (!lastRequest) return;
  say('run-message', 'Sending the failed rows again…');
  try {
    const r = await call('retryPreviews', lastRequest);
    say('run-message', r.message, r.state === 'done' ? 'ok' : r.state === 'partial' ? '' : 'error');
    await pollOnce();
  } catch (e) {
    say('run-message', errorText(e), 'error');
  }
}

async function pollOnce(): Promise<void> {
  try {
    showProgress(await call('pollPendingPreviews'));
  } catch (e) {
    say('run-message', errorText(e), 'error');
  }
}

/* ---------- scan monitor ---------- */
let monitorRunning = 0;
let monitorExists = false;

function showMonitor(r: MonitorReport): void {
  monitorExists = r.exists;
  monitorRunning = r.running;
  $('monitor-summary').textContent = r.message;
}

/** `force`: the person pressed Refresh now, so every row is checked, due or not. */
async function monitorCall(
  name: 'openScanMonitor' | 'pollScanMonitor',
  force = false,
): Promise<void> {
  try {
    showMonitor(await (name === 'pollScanMonitor' ? call(name, force) : call(name)));
  } catch (e) {
    say('monitor-message', errorText(e), 'error');
  }
}

async function rescan(): Promise<void> {
  say('monitor-message', 'Requesting rescans…');
  try {
    const r = await call('rescanSelected');
    say('monitor-message', r.message, r.state === 'done' ? 'ok' : 'error');
    await monitorCall('pollScanMonitor');
  } catch (e) {
    say('monitor-message', errorText(e), 'error');
  }
}

/* ---------- start ---------- */
async function start(): Promise<void> {
  for (const name of PANELS) $(`tab-${name}`).addEventListener('click', () => openPanel(name));
  $('open-monitor').addEventListener('click', () => void monitorCall('openScanMonitor'));
  $('refresh-monitor').addEventListener('click', () => void monitorCall('pollScanMonitor', true));
  $('rescan').addEventListener('click', () => void rescan());
  $('generate').addEventListener('click', () => void generate());
  $('refresh-selection').addEventListener('click', () => void refreshSelection());
  $('score').addEventListener('click', () => void score());
  $('compare-chart').addEventListener('click', () => void compareChart());
  $('retry-rows').addEventListener('click', () => void retryRows());
  $('insert-example').addEventListener('click', () => void insertExample());
  $('template-prospects').addEventListener('click', () => void insertTemplate('prospects'));
  $('template-monitor').addEventListener('click', () => void insertTemplate('monitor'));
  $('go-settings').addEventListener('click', () => openPanel('settings'));
  $('schedule-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void saveSchedule(formSchedule());
  });
  $('schedule-new').addEventListener('click', () => fillForm(null));
  $('tab-schedules').addEventListener('click', () => void refreshSchedules());
  $('refresh-score-plan').addEventListener('click', () => {
    void refreshScorePlan();
    void refreshSiteHistory();
  });
  $('score-refresh').addEventListener('change', () => void refreshScorePlan());
  $('stale-days').addEventListener('change', () => void refreshScorePlan());
  $('save-settings').addEventListener('click', () => void saveSettings());
  $('remove-key').addEventListener('click', () => void removeKey());
  $('test-connection').addEventListener('click', () => void testConnection());

  const requested = document.getElementById('open-panel')?.dataset.panel;
  const isPanel = (p: string | undefined): p is Panel => PANELS.some((name) => name === p);
  openPanel(isPanel(requested) ? requested : 'previews');
  try {
    const settings = await call('getSettings');
    showSettings(settings);
    // With no key yet, a short checklist: public scores work at once, then the key.
    if (!settings.hasKey) openPanel('start');
  } catch (e) {
    say('settings-message', errorText(e), 'error');
  }
  await refreshUsage();
  await refreshSelection();
  await refreshScorePlan();
  await pollOnce();
  await monitorCall('pollScanMonitor');
  setInterval(() => {
    if (monitorExists && (monitorRunning > 0 || !$('panel-scans').hidden))
      void monitorCall('pollScanMonitor');
  }, MONITOR_MS);
  // The service asks for a poll every 5 to 15 s; only while something is pending.
  setInterval(() => {
    if (pending > 0 && !generating) void pollOnce();
  }, POLL_MS);
  // The selection is read again when the sidebar gains focus (the user comes back from the
  // sheet) or on request, not on a timer: every read is a server execution.
  window.addEventListener('focus', () => {
    void refreshSelection();
    void refreshScorePlan();
    void refreshUsage();
    void refreshSiteHistory();
  });
}

void start();
