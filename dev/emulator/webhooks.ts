/**
 * Stand-ins for Slack's incoming webhooks and Google Chat's space webhooks, on the emulator's
 * loopback port (the runtime routes the public prefixes here: RuntimeOptions.routes). They answer
 * as each platform documents, and keep every post for tests:
 * - Slack (https://api.slack.com/messaging/webhooks; error codes:
 *   https://api.slack.com/changelog/2016-05-17-changes-to-errors-for-incoming-webhooks): a JSON
 *   body with `text`, 200 `ok` as plain text; 400 `invalid_payload`, 403 `action_prohibited`,
 *   404 `channel_not_found`, 410 `channel_is_archived`.
 * - Google Chat (https://developers.google.com/workspace/chat/quickstart/webhooks): POST to
 *   /v1/spaces/SPACE/messages?key=…&token=… with a JSON body with `text`; 200 and the message
 *   created, or a JSON error (404 NOT_FOUND for a deleted space).
 * A webhook whose last path part (Slack) or space (Chat) is `gone`, `archived` or `revoked` is
 * refused as such.
 */
import type { Reply } from './reply';

export const WEBHOOK_STAND_INS = '/__webhooks/';

/** The runtime's routes for both platforms, to this emulator. */
export const webhookRoutes = (baseUrl: string): Record<string, string> => ({
  'https://hooks.slack.com/': `${baseUrl}${WEBHOOK_STAND_INS}hooks.slack.com/`,
  'https://chat.googleapis.com/': `${baseUrl}${WEBHOOK_STAND_INS}chat.googleapis.com/`,
});

export interface WebhookPost {
  platform: 'slack' | 'chat';
  /** The path after the platform's host, as posted (its secret part included: a test tool). */
  path: string;
  contentType: string;
  body: string;
  status: number;
}

const text = (status: number, body: string): Reply => ({
  status,
  body,
  html: true,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
});

const chatError = (code: number, status: string, message: string): Reply => ({
  status: code,
  body: { error: { code, message, status } },
});

function hasText(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { text?: unknown };
    return typeof parsed?.text === 'string' && parsed.text.length > 0;
  } catch {
    return false;
  }
}

function slack(path: string, body: string): Reply {
  if (!/^services\/[^/]+\/[^/]+\/[^/]+$/.test(path)) return text(404, 'no_service');
  const last = path.split('/').pop();
  if (last === 'gone') return text(404, 'channel_not_found');
  if (last === 'archived') return text(410, 'channel_is_archived');
  if (last === 'revoked') return text(403, 'action_prohibited');
  return hasText(body) ? text(200, 'ok') : text(400, 'invalid_payload');
}

function chat(path: string, query: URLSearchParams, body: string, n: number): Reply {
  const space = /^v1\/spaces\/([^/]+)\/messages$/.exec(path)?.[1];
  if (!space || space === 'gone')
    return chatError(404, 'NOT_FOUND', 'Requested entity was not found.');
  if (!query.get('key') || !query.get('token') || space === 'revoked')
    return chatError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
  if (!hasText(body)) return chatError(400, 'INVALID_ARGUMENT', 'Message cannot be empty.');
  const message = JSON.parse(body) as { text: string };
  return {
    status: 200,
    body: {
      name: `spaces/${space}/messages/${n}`,
      text: message.text,
      space: { name: `spaces/${space}` },
    },
  };
}

export class WebhookStandIns {
  posts: WebhookPost[] = [];
  /** Webhooks deleted since they were saved (a channel archived, a space removed), by path. */
  gone = new Set<string>();

  answer(
    method: string,
    rest: string,
    query: URLSearchParams,
    contentType: string,
    body: string,
  ): Reply {
    const [host, ...parts] = rest.split('/');
    const path = parts.join('/');
    const platform =
      host === 'hooks.slack.com' ? 'slack' : host === 'chat.googleapis.com' ? 'chat' : null;
    if (!platform) return text(404, 'not a webhook stand-in');
    if (method !== 'POST') return text(405, 'method_not_allowed');
    const r = this.gone.has(path)
      ? platform === 'slack'
        ? text(404, 'channel_not_found')
        : chatError(404, 'NOT_FOUND', 'Requested entity was not found.')
      : platform === 'slack'
        ? slack(path, body)
        : chat(path, query, body, this.posts.length + 1);
    this.posts.push({ platform, path, contentType, body, status: r.status });
    return r;
  }

  reset(): void {
    this.posts = [];
    this.gone.clear();
  }
}
