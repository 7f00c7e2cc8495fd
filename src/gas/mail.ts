/** E-mail to the schedule's owner, within MailApp's daily quota. */
export type MailOutcome = 'sent' | 'no quota left';

export function mailOwner(to: string, subject: string, body: string): MailOutcome {
  if (MailApp.getRemainingDailyQuota() <= 0) return 'no quota left';
  MailApp.sendEmail({ to, subject, body });
  return 'sent';
}
