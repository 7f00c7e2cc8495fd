/**
 * E-mail from schedules, within MailApp's daily quota, which Google counts by recipient
 * (docs/platform-limits.md, Q4): a message to three addresses spends three.
 */
import { oneLineTitle, plainText } from '../domain/destinations';
import { MAIL_BODY_BYTES, withinBytes } from '../domain/bytes';
import { counted } from '../contract/words';
import { granted } from './permissions';
import type { MailOutcome } from '../kit/ports';

/** Google takes at most 50 recipients in one message (docs/platform-limits.md, Q6). */
const RECIPIENTS_PER_MESSAGE = 50;

/** One message per 50 recipients, all or none: the day's quota is checked for all first. */
export function sendMail(to: string[], subject: string, body: string): MailOutcome {
  if (!granted('mail')) return 'no permission';
  if (MailApp.getRemainingDailyQuota() < to.length) return 'no quota left';
  for (let at = 0; at < to.length; at += RECIPIENTS_PER_MESSAGE)
    MailApp.sendEmail({
      to: to.slice(at, at + RECIPIENTS_PER_MESSAGE).join(','),
      subject: oneLineTitle(subject),
      body: withinBytes(
        plainText(body),
        MAIL_BODY_BYTES,
        (n) => `(${counted(n, 'more line')} cut: Google takes at most 200 KB in one message.)`,
      ),
    });
  return 'sent';
}

/** The most recipients a day may hold for this account: 100 on a consumer account, 1,500 on
 * Workspace; what is left now tells a Workspace account apart. */
export const recipientsPerDay = (): number =>
  // Without the permission to send, MailApp cannot even be asked: the smaller day is assumed.
  granted('mail') ? Math.max(100, MailApp.getRemainingDailyQuota()) : 100;

/** Recipients the day still allows this account; 0 without the permission to send. */
export const mailLeft = (): number => (granted('mail') ? MailApp.getRemainingDailyQuota() : 0);
