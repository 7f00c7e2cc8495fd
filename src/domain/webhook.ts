/**
 * Team alerts over Slack's and Google Chat's incoming webhooks, as decisions over plain data: which
 * addresses are accepted, how one is shown (it is a secret: whoever holds it can post), what is
 * posted, and what an answer means. Both platforms take a JSON body `{"text": …}` and answer 200.
 */
import { WEBHOOK_PREFIXES, type WebhookKind } from '../config';

const KINDS = Object.keys(WEBHOOK_PREFIXES) as WebhookKind[];

/** Which platform an address is a webhook of, or null. */
export function webhookKind(url: string): WebhookKind | null {
  return (
    KINDS.find(
      (k) => url.startsWith(WEBHOOK_PREFIXES[k]) && url.length > WEBHOOK_PREFIXES[k].length,
    ) ?? null
  );
}

export type WebhookCheck =
  { ok: true; kind: WebhookKind; url: string } | { ok: false; message: string };

export function checkWebhook(input: string): WebhookCheck {
  const url = input.trim();
  const kind = /\s/.test(url) ? null : webhookKind(url);
  if (kind) return { ok: true, kind, url };
  return {
    ok: false,
    message: `Not saved: paste a Slack incoming webhook (it starts ${WEBHOOK_PREFIXES.Slack}) or a Google Chat space webhook (it starts ${WEBHOOK_PREFIXES['Google Chat']}). No other address is allowed.`,
  };
}

/** How the sidebar shows a saved webhook: its platform and its last four characters only. */
export function maskWebhook(url: string): string {
  const kind = webhookKind(url) ?? 'Team';
  return `${kind} webhook ${'•'.repeat(8)}${url.slice(-4)}`;
}

/** Slack and Chat both read `*bold*`; a message is kept under both platforms' limits. */
export function teamText(subject: string, body: string): string {
  const text = `*${subject}*\n${body}`;
  return text.length > 4000 ? `${text.slice(0, 3990)}\n…` : text;
}

/**
 * What a webhook's answer means. A refusal that sending again cannot fix (the channel or space is
 * gone, the hook revoked or refused) stops team alerts until a webhook is saved again, so it is
 * said once and never retried in a loop; a busy or failing platform is tried at the next alert.
 */
export type PostOutcome =
  | { kind: 'sent' }
  | { kind: 'broken'; said: string; reason: string }
  | { kind: 'later'; said: string; reason: string };

export function postOutcome(platform: WebhookKind, status: number, body: string): PostOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  // Slack answers a short code in plain text (channel_not_found, channel_is_archived…); Chat a
  // JSON error. Only a short, code-like word is repeated: never the address, never free text.
  const code = /^[a-z_]{3,40}$/.exec(body.trim())?.[0];
  const said = `${platform} answered ${status}${code ? ` (${code})` : ''}`;
  if (status === 0 || status === 429 || status >= 500)
    return { kind: 'later', said, reason: `${said}: it is tried again with the next alert` };
  return {
    kind: 'broken',
    said,
    reason: `${said}: the webhook no longer works, so team alerts stop until you paste a new one in Settings`,
  };
}

/** What a run's result adds about its team post (nothing when it was refused before: said then). */
export function teamNote(posted: PostOutcome | 'no webhook' | 'stopped'): string {
  if (posted === 'stopped') return '';
  if (posted === 'no webhook')
    return ' Team alert not posted: no Slack or Chat webhook is saved in Settings.';
  return posted.kind === 'sent'
    ? ' Posted to the team channel.'
    : ` Team alert not posted: ${posted.reason}.`;
}
