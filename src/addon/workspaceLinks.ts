/**
 * The Workspace add-on part, on the platform kit: a pasted report or brand link's hover card in
 * Docs, Sheets and Slides, and "Create visibility preview" in Docs' @ menu. Each reads, decides in
 * src/domain, asks the service with the viewer's own key, decides, and keeps what may be kept.
 */
import * as z from 'zod/mini';
import {
  parsers,
  requests,
  type BrandScore,
  type PreviewCreated,
  type PreviewPoll,
} from '../api/client';
import type { Result } from '../api/errors';
import { lazy } from '../api/schemas';
import { createStep, MADE_MEMORY_SECONDS, madeLink, type MadeLink } from '../domain/createPreview';
import { mayResend } from '../domain/generationRun';
import { answerCard, refusalCard, type LinkCard } from '../domain/linkCard';
import { readReportLink } from '../domain/reportLinks';
import { appsScriptKit } from '../gas/kit';
import { drawCreateForm, drawLinkCard, formAgain, insertLink } from '../gas/cards';
import { recordKind, type Kit } from '../kit/ports';

/** Well inside the time Google gives a card (docs/platform-limits.md W2). */
export const CARD_BUDGET_MS = 10_000;

const text = () => z.string();
const LINK_CARD = recordKind(
  'linkCard',
  () =>
    z.nullable(
      z.object({
        title: text(),
        subtitle: text(),
        facts: z.array(z.object({ label: text(), text: text() })),
        note: z.nullable(text()),
        open: z.nullable(z.object({ text: text(), url: text() })),
      }),
    ),
  null,
);
const MADE = recordKind(
  'madePreview',
  () => z.nullable(z.object({ title: text(), url: text() })),
  null,
);

/** The hover card for `url`, from the viewer's cache or the service. */
export function linkCardFor(url: string, kit: Kit): LinkCard {
  const config = kit.service.config();
  const link = readReportLink(config.baseUrl, url) ?? { kind: 'unknown' as const };
  if (link.kind === 'unknown') return refusalCard(link, 'unknown link', url);
  if (link.kind === 'preview' && !config.apiKey) return refusalCard(link, 'no key', url);
  const id = link.kind === 'brand' ? `brand:${link.slug}` : `preview:${link.uuid}`;
  const kept = kit.records.cached.get(LINK_CARD, id);
  if (kept) return kept;
  // A public page is asked for without the key: nothing of the viewer's goes where none is needed.
  const request =
    link.kind === 'brand'
      ? requests.score({ baseUrl: config.baseUrl }, { by: 'slug', value: link.slug })
      : requests.previewPoll(config, link.uuid);
  const parse = link.kind === 'brand' ? parsers.score : parsers.previewPoll;
  const [answer] = kit.service.ask<BrandScore | PreviewPoll>([request], parse, CARD_BUDGET_MS);
  const { card, keepSeconds } = answerCard(link, answer, url, kit.account.now());
  if (keepSeconds > 0) kit.records.cached.put(LINK_CARD, card, id, keepSeconds);
  return card;
}

/**
 * One POST making a preview of `url` with the person's key, within a card's time. It is sent
 * again only where the service refused before acting (as Generate does); an unanswered one never.
 */
export function sendPreviewCreate(url: string, kit: Kit): Result<PreviewCreated> | undefined {
  const [answer] = kit.service.ask(
    [requests.previewCreate(kit.service.config(), url)],
    parsers.previewCreate,
    CARD_BUDGET_MS,
    { retryable: mayResend, maxLostTries: 1, slowLossMs: CARD_BUDGET_MS / 2 },
  );
  return answer;
}

/** One preview of the typed website, its link to insert; or what to say in the form. */
export function createPreviewFor(input: unknown, kit: Kit): MadeLink | { refusal: string } {
  const config = kit.service.config();
  const step = createStep(input, Boolean(config.apiKey));
  if ('refusal' in step) return step;
  const made = kit.records.cached.get(MADE, step.send.domain);
  if (made) return made;
  const outcome = madeLink(step.send.domain, sendPreviewCreate(step.send.url, kit));
  if (!('refusal' in outcome))
    kit.records.cached.put(MADE, outcome, step.send.domain, MADE_MEMORY_SECONDS);
  return outcome;
}

const matched = () => z.optional(z.object({ matchedUrl: z.object({ url: z.string() }) }));
const linkEvent = lazy(() =>
  z.looseObject({ docs: matched(), sheets: matched(), slides: matched() }),
);
const formEvent = lazy(() =>
  z.looseObject({
    commonEventObject: z.optional(
      z.looseObject({
        formInputs: z.optional(
          z.record(
            z.string(),
            z.object({ stringInputs: z.object({ value: z.array(z.string()) }) }),
          ),
        ),
      }),
    ),
    formInput: z.optional(z.record(z.string(), z.unknown())),
  }),
);

/** The link Google matched, whichever editor it was pasted in; '' for an event of another shape. */
export function matchedUrlOf(event: unknown): string {
  const e = linkEvent().safeParse(event);
  if (!e.success) return '';
  return (e.data.docs ?? e.data.sheets ?? e.data.slides)?.matchedUrl.url ?? '';
}

/** A form's field as Google sends it (the newer `commonEventObject`, or the older `formInput`). */
export function formValueOf(event: unknown, field: string): string {
  const e = formEvent().safeParse(event);
  if (!e.success) return '';
  const value =
    e.data.commonEventObject?.formInputs?.[field]?.stringInputs.value[0] ??
    e.data.formInput?.[field];
  return typeof value === 'string' ? value : '';
}

/** The hover card of a link Google matched against the manifest's patterns. */
export function onReportLinkPreview(event: unknown) {
  return drawLinkCard(linkCardFor(matchedUrlOf(event), appsScriptKit()));
}

/** Docs' @ menu: the form. */
export function onCreatePreviewForm() {
  return drawCreateForm('', null);
}

/** The form sent: the link inserted, or the form again saying why not. */
export function onCreatePreviewSubmit(event: unknown) {
  const website = formValueOf(event, 'website');
  const made = createPreviewFor(website, appsScriptKit());
  return 'refusal' in made
    ? formAgain(drawCreateForm(website, made.refusal))
    : insertLink(made.title, made.url);
}
