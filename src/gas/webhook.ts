/**
 * The person's team webhook (Slack or Google Chat): kept as the API key is, in their own user
 * properties only, never in a cell, a log, an error or the document's properties. A webhook the
 * platform refused is remembered as broken, said once, and not posted to again until a new one
 * is saved.
 */
import {
  postOutcome,
  reasonOf,
  teamMarkup,
  webhookKind,
  type PostOutcome,
} from '../domain/webhook';
import { urlFetchTransport } from './transport';
import { needsPermission } from '../domain/permissions';
import { deleteUserProperty, setUserProperties, userProperty } from './userStore';

const PROP = { url: 'vis.webhook', broken: 'vis.webhookBroken' };

export interface SavedWebhook {
  url: string;
  /** Why the platform refused it, when it did: team alerts wait for a new one. */
  broken: string | null;
}

export function savedWebhook(): SavedWebhook | null {
  const url = userProperty(PROP.url);
  return url ? { url, broken: userProperty(PROP.broken) } : null;
}

/** Saves a checked webhook (null removes it); either way, what was learnt of the old one goes. */
export function saveWebhook(url: string | null): void {
  if (url) setUserProperties({ [PROP.url]: url });
  else deleteUserProperty(PROP.url);
  deleteUserProperty(PROP.broken);
}

/** One post of `text` to `url`: one request, its answer read, nothing thrown. */
export function postTo(url: string, text: string): PostOutcome {
  const kind = webhookKind(url);
  if (!kind) return { kind: 'broken', said: 'the saved address is not a Slack or Chat webhook' };
  const [answer] = urlFetchTransport.fetchAll([
    {
      method: 'post',
      url,
      headers: {},
      payload: { text: teamMarkup(kind, text) },
    },
  ]);
  if (answer?.notSent === 'quota') return { kind: 'later', said: "today's requests are used up" };
  if (answer?.notSent === 'permission')
    return { kind: 'later', said: needsPermission('service').toLowerCase() };
  if (answer?.notSent === 'rate') return { kind: 'later', said: 'Google asked for a pause' };
  return postOutcome(kind, answer?.status ?? 0, answer?.body ?? '');
}

/**
 * A schedule's alert to the owner's team webhook: 'no webhook' when none is saved, 'stopped' when
 * the saved one was refused before (said once then), else what the platform answered. A refusal
 * is remembered, so the next alerts do not post to it again.
 */
export function postToTeam(text: string): PostOutcome | 'no webhook' | 'stopped' {
  const saved = savedWebhook();
  if (!saved) return 'no webhook';
  if (saved.broken) return 'stopped';
  const outcome = postTo(saved.url, text);
  if (outcome.kind === 'broken') setUserProperties({ [PROP.broken]: reasonOf(outcome) });
  return outcome;
}
