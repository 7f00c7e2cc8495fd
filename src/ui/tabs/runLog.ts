/** The Schedules tab's "Last runs": the `Visibility log`'s newest lines, newest first. */
import { html } from 'lit-html';
import type { LogEntry } from '../../contract/schedules';
import { mount } from '../component';
import { when } from '../words';

const logLine = (e: LogEntry) =>
  `${when(e.time)} · ${e.run} · ${e.action.replace(/ #.*$/, '')}${e.sheet ? ` (${e.sheet})` : ''}: ${e.result}`;

export function runLogBlock(host: HTMLElement) {
  const block = mount<{ log: LogEntry[] }>(
    host,
    { log: [] },
    ({ log }) =>
      html`<h3 id="run-log-title">Last runs</h3>
        <ul id="run-log" class="recent" tabindex="0" aria-labelledby="run-log-title">
          ${log.map((e) => html`<li>${logLine(e)}</li>`)}
        </ul>`,
  );
  return { show: (log: LogEntry[]) => block.set({ log }) };
}
