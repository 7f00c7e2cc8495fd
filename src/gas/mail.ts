/**
 * E-mail from schedules, within MailApp's daily quota, which Google counts by recipient
 * (docs/platform-limits.md, Q4): a message to three addresses spends three.
 */
import { oneLineTitle, plainText } from '../domain/destinations';

export type MailOutcome = 'sent' | 'no quota left';

export function sendMail(to: string[], subject: string, body: string): MailOutcome {
  if (MailApp.getRemainingDailyQuota() < to.length) return 'no quota left';
  MailApp.sendEmail({ to: to.join(','), subject: oneLineTitle(subject), body: plainText(body) });
  return 'sent';
}

/** The most recipients a day may hold for this account: 100 on a consumer account, 1,500 on
 * Workspace; what is left now tells a Workspace account apart. */
export const recipientsPerDay = (): number => Math.max(100, MailApp.getRemainingDailyQuota());
