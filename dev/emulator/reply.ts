import { errorBodySchema } from '../../src/api/schemas';

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Sent as text/html instead of JSON. */
  html?: boolean;
}

export function reply(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, body, headers } : { status, body };
}

export function errorReply(
  status: number,
  error: string,
  code: string,
  extra: Record<string, unknown> = {},
): Reply {
  return { status, body: errorBodySchema().parse({ error, code, ...extra }) };
}
