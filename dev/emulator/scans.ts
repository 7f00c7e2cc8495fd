/** Managed brand agents and their scans, per account key, on the service clock. */
import { scanStatusSchema, scanTriggerSchema } from '../../src/api/schemas';
import { fnv1a } from '../../src/domain/hash';
import { derivedScore, findByDomain } from './brandIndex';
import { errorReply, reply, type Reply } from './reply';

const TOTAL_QUERIES = 24;
const MINUTE = 60000;

interface ScanRun {
  startedAt: number;
  completesAt: number;
  failed: boolean;
  scores: Record<string, number | null>;
  overallScore: number;
}

interface Agent {
  syntheticId: number;
  brandName: string;
  domain: string;
  unqueried: string[];
  /** How many of the next runs reach no engine. */
  failuresToCome: number;
  runs: ScanRun[];
}

/** The seeded agents every account starts with, each in a different state. */
function seedAgents(now: number): Agent[] {
  const agent = (syntheticId: number, domain: string, extra: Partial<Agent> = {}): Agent => ({
    syntheticId,
    brandName: findByDomain(domain)?.brandName ?? domain,
    domain,
    unqueried: [],
    failuresToCome: 0,
    runs: [],
    ...extra,
  });
  const done = (daysAgo: number, a: Agent, failed = false): ScanRun =>
    run(a, now - daysAgo * 1440 * MINUTE - 4 * MINUTE, failed, true);
  const agents = [
    agent(1001, 'acmeanalytics.com'),
    agent(1002, 'northwindstudio.io', { unqueried: ['gemini'] }),
    agent(1003, 'bluebirdsoftware.co'),
    agent(1004, 'summitfoods.com'),
    agent(1005, 'lumenlabs.ai'),
    agent(1006, 'cobaltoutdoor.net'),
    agent(1007, 'harbortravel.co.uk', { failuresToCome: 1 }),
  ];
  const [a1, a2, , a4, a5, a6] = agents as [Agent, Agent, Agent, Agent, Agent, Agent];
  a1.runs.push(done(21, a1));
  a2.runs.push(done(14, a2));
  a4.runs.push(done(3, a4, true));
  a5.runs.push(run(a5, now - MINUTE, false));
  a6.runs.push(done(30, a6), run(a6, now - 30000, false));
  return agents;
}

/** The seeded agents, an ID and its site each: what a person can type into the Scan monitor. */
export const seededAgents = (): string =>
  seedAgents(Date.now())
    .map((a) => `${a.syntheticId} (${a.domain})`)
    .join(', ');

function run(a: Agent, startedAt: number, failed: boolean, finished = false): ScanRun {
  const n = a.runs.length;
  const duration = finished
    ? 4 * MINUTE
    : (120 + (parseInt(fnv1a(`${a.domain}:${n}`), 16) % 181)) * 1000;
  // Engines near the brand's standing (its public score where the index has it), each rescan a
  // few points from the last: the overall is their mean.
  const hashed = (salt: string, span: number) =>
    (parseInt(fnv1a(`${a.domain}:${salt}`), 16) % (2 * span + 1)) - span;
  const standing =
    (findByDomain(a.domain)?.overallScore ?? derivedScore(a.domain, 'standing')) +
    hashed(`drift:${n}`, 4);
  const scores: Record<string, number | null> = {};
  for (const p of ['chatgpt', 'claude', 'gemini', 'aio']) {
    scores[p] = a.unqueried.includes(p)
      ? null
      : Math.max(0, Math.min(100, standing + hashed(`${p}:${n}`, 8)));
  }
  const queried = Object.values(scores).filter((s): s is number => s !== null);
  return {
    startedAt,
    completesAt: startedAt + duration,
    failed,
    scores,
    overallScore: failed
      ? 0
      : Math.round(queried.reduce((x, y) => x + y, 0) / Math.max(1, queried.length)),
  };
}

export class ScanStore {
  private agents = new Map<string, Agent>();
  private seeded = new Set<string>();
  private nextId = 5000;
  paused = false;

  private ensureSeeded(apiKey: string, now: number): void {
    if (this.seeded.has(apiKey)) return;
    this.seeded.add(apiKey);
    for (const a of seedAgents(now)) this.agents.set(`${apiKey}|${a.syntheticId}`, a);
  }

  private find(apiKey: string, id: number, now: number): Agent | undefined {
    this.ensureSeeded(apiKey, now);
    return this.agents.get(`${apiKey}|${id}`);
  }

  trigger(apiKey: string, readOnly: boolean, body: unknown, now: number): Reply {
    if (readOnly)
      return errorReply(
        403,
        'Account is in read-only mode: scans cannot be triggered',
        'READ_ONLY',
      );
    if (this.paused)
      return errorReply(
        503,
        'Scans are paused for maintenance; polling still works',
        'SCAN_PAUSED',
      );
    const input = (body ?? {}) as { syntheticId?: unknown; url?: unknown };
    let agent: Agent | undefined;
    if (input.syntheticId !== undefined) {
      agent = this.find(apiKey, Number(input.syntheticId), now);
      if (!agent) return errorReply(404, 'Brand agent not found', 'NOT_FOUND');
    } else if (typeof input.url === 'string' && input.url) {
      const domain = input.url
        .replace(/^https?:\/\//, '')
        .split('/')[0]!
        .toLowerCase();
      agent = {
        syntheticId: this.nextId++,
        brandName: domain,
        domain,
        unqueried: [],
        failuresToCome: 0,
        runs: [],
      };
      this.ensureSeeded(apiKey, now);
      this.agents.set(`${apiKey}|${agent.syntheticId}`, agent);
    } else {
      return errorReply(400, 'syntheticId or url is required', 'BAD_REQUEST');
    }
    const running = agent.runs.find((r) => r.completesAt > now);
    if (!running) {
      const fails = agent.failuresToCome > 0;
      if (fails) agent.failuresToCome--;
      agent.runs.push(run(agent, now, fails));
    }
    return reply(
      200,
      scanTriggerSchema().parse({
        syntheticId: agent.syntheticId,
        scanInProgress: true,
        message: running
          ? 'A scan is already running for this agent.'
          : 'Scan started. Poll GET /api/visibility/scan every 30 to 60 seconds.',
      }),
    );
  }

  status(apiKey: string, id: number, baseUrl: string, now: number): Reply {
    const agent = this.find(apiKey, id, now);
    if (!agent) return errorReply(404, 'Brand agent not found', 'NOT_FOUND');
    const finished = agent.runs.filter((r) => r.completesAt <= now);
    const latest = finished[finished.length - 1];
    const running = agent.runs.find((r) => r.completesAt > now);
    let body: unknown;
    if (latest && latest.failed) {
      body = {
        syntheticId: id,
        scanAvailable: true,
        scanFailed: true,
        overallScore: 0,
        scanDate: new Date(latest.completesAt).toISOString(),
        summary:
          'No engine responses were received for this scan. This is usually transient: trigger a new scan.',
      };
    } else if (latest) {
      const platformScores: Record<string, unknown> = {};
      for (const [p, s] of Object.entries(latest.scores))
        platformScores[p] = s === null ? { queried: false, score: null } : s;
      body = {
        syntheticId: id,
        scanAvailable: true,
        scanFailed: false,
        overallScore: latest.overallScore,
        scanDate: new Date(latest.completesAt).toISOString(),
        platformScores,
        reportUrl: `${baseUrl}/agents/${id}/report`,
        _service: {
          what_you_are_seeing: `The latest completed scan of ${agent.brandName}.`,
          next_steps: [
            'Open the report for the answers behind each score.',
            'Trigger a rescan to measure again.',
          ],
        },
      };
    } else if (running) {
      const share = (now - running.startedAt) / (running.completesAt - running.startedAt);
      body = {
        syntheticId: id,
        scanAvailable: false,
        scanInProgress: true,
        progress: {
          completedQueries: Math.floor(TOTAL_QUERIES * share),
          totalQueries: TOTAL_QUERIES,
        },
        message: 'Scan in progress.',
      };
    } else {
      body = {
        syntheticId: id,
        scanAvailable: false,
        scanInProgress: false,
        message: 'No scan found for this agent.',
      };
    }
    return reply(200, scanStatusSchema().parse(body));
  }

  report(apiKey: string, id: number, now: number): Reply {
    const agent = this.find(apiKey, id, now);
    if (!agent) return errorReply(404, 'Brand agent not found', 'NOT_FOUND');
    const latest = agent.runs.filter((r) => r.completesAt <= now && !r.failed).pop();
    if (!latest) return errorReply(404, 'No completed scan for this agent yet', 'NOT_FOUND');
    return reply(200, {
      syntheticId: id,
      brandName: agent.brandName,
      overallScore: latest.overallScore,
      scanDate: new Date(latest.completesAt).toISOString(),
      platformScores: latest.scores,
      queries: [
        `best ${agent.domain.split('.')[0]} alternatives`,
        `is ${agent.brandName} any good`,
      ],
    });
  }

  reset(): void {
    this.agents.clear();
    this.seeded.clear();
    this.nextId = 5000;
    this.paused = false;
  }
}
