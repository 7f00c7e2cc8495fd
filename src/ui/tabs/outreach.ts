/**
 * Outreach: the pitch writer (pitchWriter.ts) and what comes after writing, prospects marked
 * contacted and the follow-ups (afterWriting.ts), read from one view of the list in use.
 */
import { html, render } from 'lit-html';
import { say } from '../component';
import { call, errorText } from '../rpc';
import { afterWritingBlock } from './afterWriting';
import { pitchWriterBlock } from './pitchWriter';

export function outreachTab(host: HTMLElement) {
  render(
    html`<h2>Outreach</h2>
      <p class="hint">
        A pitch for each selected prospect, in the <code>Pitch</code> column, for your mail-merge
        tool. <code>{Column}</code> takes the row's value; <code>{{First name}}</code> is left for
        the tool.
      </p>
      <div id="pitch-writer-host"></div>
      <div id="after-writing-host"></div>`,
    host,
  );
  const pitches = pitchWriterBlock(host.querySelector<HTMLElement>('#pitch-writer-host')!);
  const after = afterWritingBlock(host.querySelector<HTMLElement>('#after-writing-host')!);
  return {
    async load(): Promise<void> {
      try {
        const view = await call('getOutreach');
        pitches.show(view);
        after.show(view.minChange);
      } catch (e) {
        after.say(say(errorText(e), 'error'));
      }
    },
  };
}
