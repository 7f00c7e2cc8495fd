// The Leads tab's save, list and stop, and the digest's line, on the memory kit: an owner and a
// teammate on one document, each with their own key, trigger and records.
import { deleteWatchIn, leadsDigestLine, listLeads, saveWatchIn } from '../../src/addon/leads';
import { LEAD_STATUS } from '../../src/domain/leads';
import type { LeadWatchInput } from '../../src/contract/leads';
import { FakeLeadDoc } from './fakes';

const ANA = 'ana@team.example';
const BEN = 'ben@team.example';
const HEAD = ['Timestamp', 'Website', 'Email', 'Consent'];
const doc = () =>
  new FakeLeadDoc({
    'Form Responses 1': [
      HEAD,
      ['t', 'nike.com', 'a@nike.example', 'Yes'],
      ['t', 'stripe.com', '', ''],
    ],
    Webinar: [HEAD],
    'Visibility log': [['Time']],
  });
const input: LeadWatchInput = {
  sheetName: 'Form Responses 1',
  website: 'Website',
  email: 'Email',
  consent: 'Consent',
  mode: 'preview',
  subject: 'Your report for {website}',
  body: 'Here: {report link}',
};

it('lists the document’s own sheets with their headers for the form, not the add-on’s', () => {
  const view = listLeads(doc().ports(ANA));
  expect(view.sheets).toEqual([
    { name: 'Form Responses 1', headers: HEAD, form: true },
    { name: 'Webinar', headers: HEAD, form: true },
  ]);
  expect(view).toMatchObject({ watches: [], hasKey: true, missing: [] });
});

it('saves a watch: its trigger made, the rows already there marked and left alone', () => {
  const d = doc();
  const r = saveWatchIn(d.ports(ANA), input);
  expect(r.ok).toBe(true);
  expect(r.message).toMatch(/The 2 rows already there say "earlier row"/);
  expect(d.sheet('Form Responses 1').column('Lead status')).toEqual([
    LEAD_STATUS.earlier,
    LEAD_STATUS.earlier,
  ]);
  expect(d.file.formTriggers.has(ANA)).toBe(true);
  expect(d.ran).toEqual([]);
  expect(r.view.watches).toEqual([
    expect.objectContaining({
      owner: ANA,
      mine: true,
      mail: { subject: input.subject, body: input.body },
    }),
  ]);
});

it('with "include earlier rows", handles them now instead of marking them', () => {
  const d = doc();
  const r = saveWatchIn(d.ports(ANA), { ...input, includeEarlier: true });
  expect(d.sheet('Form Responses 1').column('Lead status')).toEqual(['', '']);
  expect(d.ran).toEqual([{ by: ANA, watch: r.view.watches[0]!.id }]);
});

it('shows a teammate the watch without its message; one watcher per sheet; only its owner stops it', () => {
  const d = doc();
  const id = saveWatchIn(d.ports(ANA), input).view.watches[0]!.id;
  const ben = d.ports(BEN);
  expect(listLeads(ben).watches).toEqual([expect.objectContaining({ mine: false, mail: null })]);
  expect(saveWatchIn(ben, input).message).toBe(`${ANA} watches this sheet already.`);
  expect(deleteWatchIn(ben, id).message).toBe(`Only ${ANA} can stop this watch.`);
  expect(d.store(BEN).shared()).toHaveLength(1);
  expect(deleteWatchIn(d.ports(ANA), id)).toMatchObject({ ok: true, view: { watches: [] } });
  expect(d.file.formTriggers.has(ANA)).toBe(false);
  expect(deleteWatchIn(d.ports(ANA), id).message).toBe('That watch is gone already.');
});

it('refuses previews without a key, and a column the sheet lacks, saving nothing', () => {
  const d = doc();
  d.hasKey = false;
  expect(saveWatchIn(d.ports(ANA), input).message).toMatch(/Previews need your key/);
  expect(saveWatchIn(d.ports(ANA), { ...input, mode: 'link', email: 'Phone' }).ok).toBe(false);
  expect([d.store(ANA).shared().length, d.store(ANA).mine().length]).toEqual([0, 0]);
  expect(saveWatchIn(d.ports(ANA), { ...input, mode: 'link' }).ok).toBe(true);
});

it('without background runs, says new rows wait; opening the tab once granted makes the trigger', () => {
  const d = doc();
  d.granted = false;
  expect(saveWatchIn(d.ports(ANA), input).message).toMatch(/New rows wait until you grant it/);
  expect(d.file.formTriggers.has(ANA)).toBe(false);
  d.granted = true;
  listLeads(d.ports(ANA));
  expect(d.file.formTriggers.has(ANA)).toBe(true);
});

it('an edit keeps the watch’s counts; the list says a deleted sheet is gone', () => {
  const d = doc();
  saveWatchIn(d.ports(ANA), input);
  const stats = { lastNewRow: d.t, day: '2026-11-26', reports: 3, emails: 2, waiting: 0 };
  const [saved] = d.store(ANA).shared();
  d.store(ANA).saveShared(saved!.id, { ...saved!, stats });
  saveWatchIn(d.ports(ANA), { ...input, consent: '' });
  expect(listLeads(d.ports(ANA)).watches[0]).toMatchObject({ reportsToday: 3, emailsToday: 2 });
  d.t += 86_400_000;
  expect(listLeads(d.ports(ANA)).watches[0]).toMatchObject({ reportsToday: 0, gone: false });
  d.file.sheets.delete('Form Responses 1');
  expect(listLeads(d.ports(ANA)).watches[0]).toMatchObject({ gone: true });
});

it('the digest counts the owner’s watches since that schedule’s last digest, once', () => {
  const d = doc();
  saveWatchIn(d.ports(ANA), input);
  const total = { leads: 4, reports: 3, emails: 2 };
  const [saved] = d.store(ANA).shared();
  d.store(ANA).saveShared(saved!.id, { ...saved!, stats: { ...saved!.stats, total } });
  expect(leadsDigestLine(d.kit(BEN), 's1')).toBeNull();
  expect(leadsDigestLine(d.kit(ANA), 's1')).toBe(
    'Lead watches since the last digest: 4 new leads, 3 reports, 2 e-mailed.',
  );
  expect(leadsDigestLine(d.kit(ANA), 's1')).toBeNull();
  expect(leadsDigestLine(d.kit(ANA), 's2')).not.toBeNull();
});
