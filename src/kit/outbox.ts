/**
 * What the person's runs send beyond the service: team alerts to the webhook saved in their
 * Settings. One implementation over any transport, so both kits post, and remember a refusal,
 * alike.
 */
import type { Transport } from '../api/http';
import { needsPermission } from '../domain/permissions';
import {
  postOutcome,
  reasonOf,
  teamMarkup,
  webhookKind,
  type PostOutcome,
} from '../domain/webhook';
import type { Outbox, RecordStore } from './ports';
import { savedWebhook, SETTING } from './settings';

/** One post of `text` to `url`: one request, its answer read, nothing thrown. */
function postWith(transport: Transport, url: string, text: string): PostOutcome {
  const kind = webhookKind(url);
  if (!kind) return { kind: 'broken', said: 'the saved address is not a Slack or Chat webhook' };
  const [answer] = transport.fetchAll([
    { method: 'post', url, headers: {}, payload: { text: teamMarkup(kind, text) } },
  ]);
  if (answer?.notSent === 'quota') return { kind: 'later', said: "today's requests are used up" };
  if (answer?.notSent === 'permission')
    return { kind: 'later', said: needsPermission('service').toLowerCase() };
  if (answer?.notSent === 'rate') return { kind: 'later', said: 'Google asked for a pause' };
  return postOutcome(kind, answer?.status ?? 0, answer?.body ?? '');
}

/** Posts over `transport`; e-mail is each kit's own. */
export function outboxOver(transport: Transport, mine: RecordStore): Pick<Outbox, 'post' | 'team'> {
  return {
    post: (url, text) => postWith(transport, url, text),
    team(text) {
      const saved = savedWebhook(mine);
      if (!saved) return 'no webhook';
      if (saved.broken) return 'stopped';
      const outcome = postWith(transport, saved.url, text);
      // Remembered, so the next alerts do not post to it again (said once).
      if (outcome.kind === 'broken') mine.put(SETTING.webhookBroken, reasonOf(outcome));
      return outcome;
    },
  };
}
