/**
 * Team alerts over Slack's and Google Chat's incoming webhooks, as decisions over plain data: which
 * addresses are accepted, how one is shown (it is a secret: whoever holds it can post), what is
 * posted, and what an answer means. Both platforms take a JSON body `{"text": …}` and answer 200.
 */
import { WEBHOOK_PREFIXES, type WebhookKind } from '../config';
import { chatText, slackText } from './destinations';
import { maskSecret } from './secrets';

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

/** How the sidebar shows a saved webhook: its platform, masked as the key is. */
export function maskWebhook(url: string): string {
  return `${webhookKind(url) ?? 'Team'} webhook ${maskSecret(url)}`;
}

/**
 * The text as posted to a kind of webhook: brand names and cells may hold what Slack or Chat read
 * as links or mentions (`<https://evil|Open the report>`, `<!channel>`, `<users/all>`).
 */
export const teamMarkup = (kind: WebhookKind, text: string): string =>
  kind === 'Slack' ? slackText(text) : chatText(text);

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
  /** `said`: what the platform (or Google) answered, in a few words and never the address. */
  | { kind: 'broken' | 'later'; said: string };

/** Why a post did not go, and what happens next. */
export function reasonOf(o: Exclude<PostOutcome, { kind: 'sent' }>): string {
  return o.kind === 'later'
    ? `${o.said}: it is tried again with the next alert`
    : `${o.said}: the webhook no longer works, so team alerts stop until you paste a new one in Settings`;
}

export function postOutcome(platform: WebhookKind, status: number, body: string): PostOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  // Slack answers a short code in plain text (channel_not_found, channel_is_archived…); Chat a
  // JSON error. Only a short, code-like word is repeated: never the address, never free text.
  const code = /^[a-z_]{3,40}$/.exec(body.trim())?.[0];
  const said = `${platform} answered ${status}${code ? ` (${code})` : ''}`;
  const later = status === 0 || status === 429 || status >= 500;
  return { kind: later ? 'later' : 'broken', said };
}

/** What a run's result adds about its team post (nothing when it was refused before: said then). */
export function teamNote(posted: PostOutcome | 'no webhook' | 'stopped'): string {
  if (posted === 'stopped') return '';
  if (posted === 'no webhook')
    return ' Team alert not posted: no Slack or Chat webhook is saved in Settings.';
  return posted.kind === 'sent'
    ? ' Posted to the team channel.'
    : ` Team alert not posted: ${reasonOf(posted)}.`;
}
