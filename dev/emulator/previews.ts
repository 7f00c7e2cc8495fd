/** Scan previews: created pending, complete 30 to 90 s of service time later. */
import { randomUUID } from 'node:crypto';
import { previewCreatedSchema, previewPollSchema } from '../../src/api/schemas';
import { fnv1a } from '../../src/domain/hash';
import { parseWebsite } from '../../src/domain/website';
import type { Account } from './accounts';
import { findByDomain, isLocalBusiness, previewScores } from './brandIndex';
import { errorReply, reply, type Reply } from './reply';

interface Preview {
  uuid: string;
  apiKey: string;
  url: string;
  domain: string;
  createdAt: number;
  completesAt: number;
  reportUrl: string;
}

/** Domains that stand for sites that do not answer. */
const UNREACHABLE = /\.(invalid|test)$/;

export class PreviewStore {
  private previews = new Map<string, Preview>();
  /** account key + domain, to count the same site previewed twice by one account. */
  private seen = new Map<string, number>();
  duplicates = 0;

  get created(): number {
    return this.previews.size;
  }

  /** Every preview made, oldest first: what a client must have kept somewhere. */
  uuids(): string[] {
    return [...this.previews.keys()];
  }

  /** Each preview's site, by uuid: what a lost preview was of. */
  domains(): Record<string, string> {
    return Object.fromEntries([...this.previews.values()].map((p) => [p.uuid, p.domain]));
  }

  create(apiKey: string, account: Account, body: unknown, baseUrl: string, now: number): Reply {
    if (account.readOnly) return errorReply(403, 'Account is in read-only mode', 'READ_ONLY');
    if (account.plan === 'free') {
      return errorReply(
        402,
        'Scan previews require a Starter or Pro plan',
        'PLAN_UPGRADE_REQUIRED',
        {
          currentPlan: account.plan,
          upgradeUrl: `${baseUrl}/pricing`,
        },
      );
    }
    if (!account.partnerSlug) {
      return errorReply(
        403,
        'Scan previews are for partner teams: set a partner screen name first',
        'PARTNER_SCREENNAME_REQUIRED',
      );
    }
    const input = body as { url?: unknown; isPublic?: unknown } | null;
    if (!input || typeof input.url !== 'string' || input.url.trim() === '') {
      return errorReply(400, 'url is required', 'INVALID_URL');
    }
    const site = parseWebsite(input.url);
    if (!site.ok)
      return errorReply(
        400,
        `url is not a valid website: ${input.url.slice(0, 80)}`,
        'INVALID_URL',
      );
    if (UNREACHABLE.test(site.domain)) {
      return errorReply(422, `The website ${site.domain} could not be reached`, 'URL_UNREACHABLE');
    }

    const uuid = randomUUID();
    const reportUrl = account.customDomain
      ? `https://${account.customDomain}/visibility-scan-preview/${uuid}`
      : `${baseUrl}/partner/${account.partnerSlug}/visibility-scan-preview/${uuid}`;
    const durationMs = (30 + (parseInt(fnv1a(site.domain), 16) % 61)) * 1000;
    this.previews.set(uuid, {
      uuid,
      apiKey,
      url: site.url,
      domain: site.domain,
      createdAt: now,
      completesAt: now + durationMs,
      reportUrl,
    });
    const seenKey = `${apiKey}|${site.domain}`;
    const count = (this.seen.get(seenKey) ?? 0) + 1;
    this.seen.set(seenKey, count);
    if (count > 1) this.duplicates++;

    const record = previewCreatedSchema().parse({
      success: true,
      uuid,
      status: 'pending',
      isPublic: false,
      reportUrl,
      previewUrl: reportUrl,
      message: `Preview enqueued. Poll GET /api/visibility/scan-preview?uuid=${uuid} every 5 to 15 seconds until status is complete.`,
      ...(input.isPublic === true
        ? { warning: 'isPublic is deprecated and ignored: previews are never public.' }
        : {}),
    });
    if (input.isPublic !== true) return reply(200, record);
    return reply(200, record, {
      Deprecation: 'true',
      Warning: '299 - "isPublic is deprecated and ignored"',
      'X-Service-Warning': 'isPublic is deprecated and ignored; previews are never public',
    });
  }

  poll(apiKey: string, uuid: string, now: number): Reply {
    const p = this.previews.get(uuid);
    if (!p || p.apiKey !== apiKey) return errorReply(404, 'Preview not found', 'NOT_FOUND');
    if (now < p.completesAt) {
      return reply(
        200,
        previewPollSchema().parse({
          uuid,
          status: 'pending',
          message: 'Scan running; poll again in 5 to 15 seconds.',
        }),
      );
    }
    return reply(200, previewPollSchema().parse(completed(p)));
  }

  find(uuid: string): Preview | undefined {
    return this.previews.get(uuid);
  }

  reset(): void {
    this.previews.clear();
    this.seen.clear();
    this.duplicates = 0;
  }
}

export function completed(p: Preview) {
  const brand = findByDomain(p.domain);
  const local = isLocalBusiness(p.domain, brand);
  const scores = previewScores(p.domain, brand);
  const brandName =
    brand?.brandName ?? p.domain.split('.')[0]!.replace(/^./, (c) => c.toUpperCase());
  return {
    uuid: p.uuid,
    status: 'complete',
    overallScore: scores.overall,
    knowledgeScore: scores.knowledge,
    sentimentScore: scores.sentiment,
    agentSiteUrl: local
      ? `https://${p.domain.replace(/\./g, '-')}.sites.visibility.example/`
      : null,
    brandName,
    reportUrl: p.reportUrl,
    slides: [
      {
        headline: `How AI engines see ${brandName}`,
        subtitle: 'ChatGPT, Claude, Gemini and AI Overviews, one question at a time.',
      },
      {
        headline: 'Where you are missing',
        subtitle: 'The questions your buyers ask where you do not appear.',
      },
    ],
  };
}
