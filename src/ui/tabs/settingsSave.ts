/**
 * Saving one change of Settings, shared by its blocks (the key, team alerts, branding): the server
 * keeps what it accepts and answers with the settings as they now are, which every block shows.
 */
import type { SettingsChange, SettingsView } from '../../contract/settings';
import { say, type Message } from '../component';
import { call, errorText } from '../rpc';

/** Saves a change; `done` is said where it was pressed, or why it was refused. */
export type SaveChange = (
  change: SettingsChange,
  done: string,
  answer: (m: Message) => void,
) => Promise<void>;

export const saveChangeWith =
  (show: (view: SettingsView) => void): SaveChange =>
  async (change, done, answer) => {
    try {
      const view = await call('saveSettings', change);
      show(view);
      answer(view.refused ? say(view.refused, 'error') : say(done, 'ok'));
    } catch (e) {
      answer(say(errorText(e), 'error'));
    }
  };
