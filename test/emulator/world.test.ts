// The emulator's world is the first thing a user and an evaluator see of the service: the brands
// people know are in its index, by their real domains, with scores that fit them, and a preview
// agrees with the public score and with its own parts.
import { derivedScore, findByDomain, INDEX, previewScores } from '../../dev/emulator/brandIndex';

const KNOWN = [
  'nike.com',
  'ikea.com',
  'salesforce.com',
  'hubspot.com',
  'slack.com',
  'stripe.com',
  'zoom.us',
  'netflix.com',
  'coca-cola.com',
  'starbucks.com',
  'mailchimp.com',
  'dropbox.com',
  'apple.com',
  'amazon.com',
  'shopify.com',
  'airbnb.com',
];

it('holds the brands people know, by their real domains', () => {
  expect(KNOWN.filter((d) => !findByDomain(d))).toEqual([]);
});

it('scores a known brand as one: rarely below 50, its engines within a few points of it', () => {
  for (const d of KNOWN) {
    const b = findByDomain(d)!;
    expect(b.overallScore).toBeGreaterThanOrEqual(50);
    for (const e of Object.values(b.platformScores))
      if (e !== null) expect(Math.abs(e - b.overallScore)).toBeLessThanOrEqual(8);
  }
});

it('a preview agrees with the public score, and its parts lie near its whole', () => {
  const sites = [...INDEX.map((b) => b.domain), 'corner-pizza.com', 'bright-smile-dental.co.uk'];
  for (const d of sites) {
    const brand = findByDomain(d);
    const s = previewScores(d, brand);
    expect(s.overall).toBe(brand?.overallScore ?? derivedScore(d, 'overall'));
    expect(Math.abs(s.knowledge - s.overall)).toBeLessThanOrEqual(12);
    expect(Math.abs(s.sentiment - s.overall)).toBeLessThanOrEqual(12);
  }
});

it('has no scan dated after the data was made, nor after today', () => {
  const latest = Math.max(...INDEX.map((b) => Date.parse(b.lastScanDate)));
  expect(latest).toBeLessThanOrEqual(Date.parse('2026-11-25T00:00:00Z'));
  expect(latest).toBeLessThanOrEqual(Date.now());
});
