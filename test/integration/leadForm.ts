// The lead form the lead tests share: its responses sheet, an answer, and a watch of it.
import type { LeadWatchInput } from '../../src/contract/leads';

export const FORM = 'Form Responses 1';

export const answer = (site: string, email: string, consent = 'Yes', name = 'Jo') => ({
  Name: name,
  'Your website': site,
  'Work e-mail': email,
  'May we e-mail you the report?': consent,
});

/** A watch of the form: a report now, e-mailed to the lead with consent, in words of its own. */
export const WATCH: LeadWatchInput = {
  sheetName: FORM,
  website: 'Your website',
  email: 'Work e-mail',
  consent: 'May we e-mail you the report?',
  mode: 'preview',
  subject: 'Your report, {Name}',
  body: 'Hi {Name},\n\nHere it is: {report link}',
};
