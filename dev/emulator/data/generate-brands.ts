// Writes brands.json, the emulator's seed brand index. Deterministic: run it again and the file
// is the same. `npx tsx dev/emulator/data/generate-brands.ts`
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const first = [
  'Acme',
  'Northwind',
  'Bluebird',
  'Summit',
  'Lumen',
  'Cobalt',
  'Harbor',
  'Juniper',
  'Maple',
  'Orbit',
  'Pioneer',
  'Quartz',
  'Redwood',
  'Sable',
  'Tidal',
  'Umbra',
  'Vertex',
  'Willow',
  'Zenith',
  'Aurora',
  'Beacon',
  'Cedar',
  'Drift',
  'Ember',
  'Fable',
  'Granite',
  'Helix',
  'Ivory',
  'Kestrel',
  'Lattice',
];
const second = [
  'Analytics',
  'Foods',
  'Outdoor',
  'Finance',
  'Health',
  'Labs',
  'Logistics',
  'Studio',
  'Apparel',
  'Energy',
  'Robotics',
  'Travel',
  'Coffee',
  'Insurance',
  'Software',
  'Dental',
  'Bakery',
  'Plumbing',
  'Fitness',
  'Legal',
];
const tlds = ['com', 'io', 'co', 'com', 'ai', 'net', 'co.uk', 'com', 'de', 'app'];
/** Businesses whose customers must be nearby to buy: the preview builds them a local site. */
const LOCAL = new Set(['Dental', 'Bakery', 'Plumbing', 'Fitness', 'Legal', 'Coffee']);

let seed = 20261122;
function rand(): number {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
}

const brands = [];
for (let i = 0; i < 240; i++) {
  const a = first[i % first.length] as string;
  const b = second[(i * 7 + Math.floor(i / first.length)) % second.length] as string;
  const slug = `${a}-${b}`.toLowerCase();
  // Uneven, as a real index is: most brands in the middle, a few near either end, no step.
  const score = Math.round(100 * ((rand() + rand() + rand()) / 3) ** 1.2);
  const unqueried =
    rand() < 0.15 ? ['chatgpt', 'claude', 'gemini', 'aio'][Math.floor(rand() * 4)] : null;
  const platforms: Record<string, number | null> = {};
  for (const p of ['chatgpt', 'claude', 'gemini', 'aio']) {
    platforms[p] =
      p === unqueried ? null : Math.max(0, Math.min(100, Math.round(score + (rand() - 0.5) * 30)));
  }
  const day = 1 + Math.floor(rand() * 28);
  brands.push({
    brandName: `${a} ${b}`,
    slug,
    domain: `${slug.replace('-', '')}.${tlds[i % tlds.length]}`,
    overallScore: score,
    platformScores: platforms,
    lastScanDate: `2026-10-${String(day).padStart(2, '0')}T09:30:00.000Z`,
    local: LOCAL.has(b),
  });
}
// Names shared by two brands: a name lookup must report them as ambiguous.
for (const [i, j] of [
  [3, 33],
  [5, 65],
  [11, 101],
] as const) {
  (brands[j] as { brandName: string }).brandName = (brands[i] as { brandName: string }).brandName;
}
// Brands people know, by their real domains: the index holds them as the service's does, with
// scores that fit (a household name rarely below 50), engines near the overall score, and a scan
// in the weeks before the data's date. The first ten were hand-set; their values are kept.
const KNOWN_SET = [
  ['Nike', 'nike.com', 88, [92, 85, 90, 84]],
  ['Patagonia', 'patagonia.com', 74, [80, 77, 70, null]],
  ['Airbnb', 'airbnb.com', 91, [95, 90, 93, 86]],
  ['Spotify', 'spotify.com', 89, [93, 88, 90, 85]],
  ['Canva', 'canva.com', 83, [88, 84, 80, 79]],
  ['Notion', 'notion.so', 79, [86, 82, 75, null]],
  ['Shopify', 'shopify.com', 90, [94, 91, 88, 86]],
  ['Duolingo', 'duolingo.com', 81, [85, 83, 79, 76]],
  ['IKEA', 'ikea.com', 85, [88, 80, 86, 84]],
  ['Allbirds', 'allbirds.com', 57, [63, 58, 55, null]],
] as const;
for (const [name, domain, score, [c, l, g, a]] of KNOWN_SET)
  brands.push({
    brandName: name,
    slug: name.toLowerCase(),
    domain,
    overallScore: score,
    platformScores: { chatgpt: c, claude: l, gemini: g, aio: a },
    lastScanDate: '2026-11-02T09:30:00.000Z',
    local: false,
  });
/** [name, domain, household (true) or business-to-business (false)] */
const KNOWN: Array<[string, string, boolean]> = [
  ['Apple', 'apple.com', true],
  ['Amazon', 'amazon.com', true],
  ['Microsoft', 'microsoft.com', true],
  ['Netflix', 'netflix.com', true],
  ['Coca-Cola', 'coca-cola.com', true],
  ['Pepsi', 'pepsi.com', true],
  ['Starbucks', 'starbucks.com', true],
  ["McDonald's", 'mcdonalds.com', true],
  ['Adidas', 'adidas.com', true],
  ['Samsung', 'samsung.com', true],
  ['Sony', 'sony.com', true],
  ['Toyota', 'toyota.com', true],
  ['Tesla', 'tesla.com', true],
  ['BMW', 'bmw.com', true],
  ['LEGO', 'lego.com', true],
  ['Disney', 'disney.com', true],
  ['Walmart', 'walmart.com', true],
  ['Target', 'target.com', true],
  ['Costco', 'costco.com', true],
  ['H&M', 'hm.com', true],
  ['Zara', 'zara.com', true],
  ['Uniqlo', 'uniqlo.com', true],
  ["L'Oréal", 'loreal.com', true],
  ['Nestlé', 'nestle.com', true],
  ['Heineken', 'heineken.com', true],
  ['Red Bull', 'redbull.com', true],
  ['Visa', 'visa.com', true],
  ['Mastercard', 'mastercard.com', true],
  ['PayPal', 'paypal.com', true],
  ['Uber', 'uber.com', true],
  ['Booking.com', 'booking.com', true],
  ['Expedia', 'expedia.com', true],
  ['Tripadvisor', 'tripadvisor.com', true],
  ['eBay', 'ebay.com', true],
  ['Etsy', 'etsy.com', true],
  ['Pinterest', 'pinterest.com', true],
  ['Reddit', 'reddit.com', true],
  ['Nintendo', 'nintendo.com', true],
  ['Dyson', 'dyson.com', true],
  ['Philips', 'philips.com', true],
  ['Nespresso', 'nespresso.com', true],
  ['Sephora', 'sephora.com', true],
  ['Lululemon', 'lululemon.com', true],
  ['Puma', 'puma.com', true],
  ['New Balance', 'newbalance.com', true],
  ['Glossier', 'glossier.com', true],
  ['Warby Parker', 'warbyparker.com', true],
  ['Peloton', 'onepeloton.com', true],
  ['HelloFresh', 'hellofresh.com', true],
  ['Deliveroo', 'deliveroo.co.uk', true],
  ['Salesforce', 'salesforce.com', false],
  ['HubSpot', 'hubspot.com', false],
  ['Slack', 'slack.com', false],
  ['Stripe', 'stripe.com', false],
  ['Zoom', 'zoom.us', false],
  ['Mailchimp', 'mailchimp.com', false],
  ['Dropbox', 'dropbox.com', false],
  ['Atlassian', 'atlassian.com', false],
  ['Airtable', 'airtable.com', false],
  ['Figma', 'figma.com', false],
  ['Miro', 'miro.com', false],
  ['Zapier', 'zapier.com', false],
  ['Intercom', 'intercom.com', false],
  ['Zendesk', 'zendesk.com', false],
  ['Twilio', 'twilio.com', false],
  ['Datadog', 'datadoghq.com', false],
  ['Snowflake', 'snowflake.com', false],
  ['MongoDB', 'mongodb.com', false],
  ['GitLab', 'gitlab.com', false],
  ['GitHub', 'github.com', false],
  ['Cloudflare', 'cloudflare.com', false],
  ['Okta', 'okta.com', false],
  ['Workday', 'workday.com', false],
  ['ServiceNow', 'servicenow.com', false],
  ['Oracle', 'oracle.com', false],
  ['SAP', 'sap.com', false],
  ['Adobe', 'adobe.com', false],
  ['Semrush', 'semrush.com', false],
  ['Ahrefs', 'ahrefs.com', false],
  ['Hootsuite', 'hootsuite.com', false],
  ['Calendly', 'calendly.com', false],
  ['DocuSign', 'docusign.com', false],
  ['Xero', 'xero.com', false],
  ['Gusto', 'gusto.com', false],
  ['Klaviyo', 'klaviyo.com', false],
  ['Squarespace', 'squarespace.com', false],
  ['Wix', 'wix.com', false],
  ['Webflow', 'webflow.com', false],
  ['Typeform', 'typeform.com', false],
  ['SurveyMonkey', 'surveymonkey.com', false],
  ['Grammarly', 'grammarly.com', false],
  ['Loom', 'loom.com', false],
  ['Pipedrive', 'pipedrive.com', false],
  ['Freshworks', 'freshworks.com', false],
  ['Gong', 'gong.io', false],
  ['Similarweb', 'similarweb.com', false],
  ['Vercel', 'vercel.com', false],
  ['Postman', 'postman.com', false],
  ['Sentry', 'sentry.io', false],
];
for (const [name, domain, household] of KNOWN) {
  // Household names 62-94, business software 50-90; engines within a few points of the overall.
  const score = household ? 62 + Math.floor(rand() * 33) : 50 + Math.floor(rand() * 41);
  const near = () => Math.max(0, Math.min(100, Math.round(score + (rand() - 0.5) * 12)));
  const platformScores = {
    chatgpt: near(),
    claude: near(),
    gemini: near(),
    aio: rand() < 0.15 ? null : near(),
  };
  brands.push({
    brandName: name,
    slug: name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    domain,
    overallScore: score,
    platformScores,
    lastScanDate: `2026-10-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}T09:30:00.000Z`,
    local: false,
  });
}
writeFileSync(path.join(__dirname, 'brands.json'), JSON.stringify(brands, null, 1) + '\n');
console.log(`wrote ${brands.length} brands`);
