/**
 * MailApp: messages are recorded, not sent. The daily quota counts recipients (a message to three
 * addresses spends three): 100 on consumer accounts and 1,500 on Workspace, per window of 24 hours
 * from the first message (https://developers.google.com/apps-script/guides/services/quotas);
 * sending needs the script.send_mail scope.
 */
import { wallParts } from './wallClock';
import { GasError } from './errors';

/**
 * Whether an account is a consumer one, whose quotas are smaller than a Workspace account's (Q9):
 * a property of the account, which its address does not tell (a consumer account can have any
 * address), so the runtime is told which accounts are on Workspace.
 */
export type IsConsumer = (user: string) => boolean;

export interface SentMail {
  to: string;
  subject: string;
  body: string;
  at: number;
  from: string;
  cc?: string;
  bcc?: string;
}

export interface MailEnv {
  call(name: string): void;
  allowed(what: string): void;
  user(): string;
  now(): number;
  /**
   * The key of the user's quota window (QuotaWindows), opened by their first MailApp call when
   * none is open: asking what is left counts as asking the quota.
   */
  window(): string;
  hasScope: boolean;
}

export class MailBox {
  constructor(private readonly isConsumer: IsConsumer) {}
  sent: SentMail[] = [];
  /** Recipients left today, per user; tests may set it to 0. */
  remaining = new Map<string, number>();

  /** The quota window each user's count is of: a new window gives the whole quota back. */
  private windowOf = new Map<string, string>();

  private left(user: string, window: string): number {
    const was = this.windowOf.get(user);
    // A window that closed gives the quota back.
    if (was !== undefined && was !== window) this.remaining.delete(user);
    this.windowOf.set(user, window);
    return this.remaining.get(user) ?? (this.isConsumer(user) ? 100 : 1500);
  }

  service(env: MailEnv) {
    const need = (what: string) => {
      env.call(what);
      env.allowed(what);
      if (!env.hasScope)
        throw new GasError(
          `You do not have permission to call ${what}. Required permissions: https://www.googleapis.com/auth/script.send_mail`,
        );
    };
    return {
      getRemainingDailyQuota: () => {
        need('MailApp.getRemainingDailyQuota');
        return this.left(env.user(), env.window());
      },
      sendEmail: (...args: SendArgs) => {
        need('MailApp.sendEmail');
        const message = asMessage(args);
        if (!message.to || !message.subject)
          throw new GasError('Invalid argument: recipient and subject are required.');
        // The quota counts recipients, not messages, and cc and bcc are recipients too (Q4, Q8).
        const recipients = [message.to, message.cc, message.bcc].flatMap(addresses);
        const wrong = recipients.find((a) => !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(a));
        if (wrong !== undefined) throw new GasError(`Invalid email: ${wrong}`);
        // At most 50 recipients a message (Q6).
        if (recipients.length > RECIPIENTS_PER_MESSAGE)
          throw new GasError('Limit Exceeded: Email Recipients Per Message.');
        // The body, plain and HTML together, at most 200 KB (consumer) or 400 KB (Workspace) (Q8).
        const size =
          Buffer.byteLength(message.body ?? '') + Buffer.byteLength(message.htmlBody ?? '');
        if (size > (this.isConsumer(env.user()) ? 200 : 400) * 1024)
          throw new GasError('Limit Exceeded: Email Body Size.');
        const left = this.left(env.user(), env.window());
        if (left < recipients.length)
          throw new GasError('Service invoked too many times for one day: email.');
        this.remaining.set(env.user(), left - recipients.length);
        this.sent.push({
          to: message.to,
          subject: message.subject,
          body: message.body ?? '',
          at: env.now(),
          from: env.user(),
          ...(message.cc ? { cc: message.cc } : {}),
          ...(message.bcc ? { bcc: message.bcc } : {}),
        });
      },
    };
  }
}

/** Google's limit of recipients in one message (quotas page, current limitations). */
const RECIPIENTS_PER_MESSAGE = 50;

interface Message {
  to: string;
  subject: string;
  body?: string;
  htmlBody?: string;
  cc?: string;
  bcc?: string;
}

/** `sendEmail(message)` or `sendEmail(recipient, subject, body, options?)`, as MailApp takes. */
type SendArgs = [Message] | [string, string, string, Omit<Message, 'to' | 'subject' | 'body'>?];

function asMessage(args: SendArgs): Message {
  if (typeof args[0] !== 'string') return args[0];
  const [to, subject, body, options] = args as [string, string, string, Partial<Message>?];
  return { ...options, to, subject, body };
}

const addresses = (list: string | undefined): string[] =>
  list
    ? String(list)
        .split(',')
        .map((a) => a.trim())
    : [];

/** Utilities.formatDate for the patterns the add-on uses, in any IANA time zone. */
/** RFC 822 zone (`Z` in Java's SimpleDateFormat, as Apps Script formats it): +0100, -0530. */
function zoneOffset(date: Date, parts: Record<string, string>): string {
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const minutes = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  const abs = Math.abs(minutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  return `${minutes < 0 ? '-' : '+'}${hhmm}`;
}

export function formatDate(date: Date, timeZone: string, pattern: string): string {
  const parts = wallParts(date, timeZone);
  const weekday = String(
    ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1,
  );
  const fields: Record<string, string> = {
    yyyy: parts.year ?? '',
    MM: parts.month ?? '',
    dd: parts.day ?? '',
    HH: parts.hour ?? '',
    H: String(Number(parts.hour)),
    mm: parts.minute ?? '',
    m: String(Number(parts.minute)),
    ss: parts.second ?? '',
    s: String(Number(parts.second)),
    u: weekday,
    Z: zoneOffset(date, parts),
  };
  return pattern.replace(/yyyy|MM|dd|HH|H|mm|m|ss|s|u|Z/g, (token) => fields[token] ?? token);
}
