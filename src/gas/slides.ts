/**
 * Google Slides: a deck decided in domain/report.ts, drawn as shapes in a new presentation in the
 * person's Drive (no chart, so no hidden chart sheet). Boxes are laid out on a 720 x 405 frame and
 * scaled to the presentation's own page size, which is read, not assumed.
 */
import { oneLineTitle, plainText } from '../domain/destinations';
import type { Box, Deck, DrawnDeck } from '../domain/report';
import { expectRefusal } from '../domain/selfCheck';
import { setUserProperties, userProperty } from './userStore';

const FRAME_WIDTH = 720;

function drawBox(slide: GoogleAppsScript.Slides.Slide, box: Box, k: number): void {
  const [x, y, w, h] = [box.x * k, box.y * k, box.w * k, box.h * k];
  if (box.image) {
    slide.insertImage(box.image, x, y, w, h);
    return;
  }
  const shape = slide.insertShape(SlidesApp.ShapeType.RECTANGLE, x, y, w, h);
  if (box.fill) shape.getFill().setSolidFill(box.fill);
  else shape.getFill().setTransparent();
  shape.getBorder().setTransparent();
  if (!box.text) return;
  const text = shape.getText().setText(plainText(box.text));
  const style = text.getTextStyle().setFontSize((box.size ?? 12) * k);
  style.setBold(box.bold ?? false).setForegroundColor(box.color ?? '#202124');
  text
    .getParagraphStyle()
    .setParagraphAlignment(SlidesApp.ParagraphAlignment[box.align ?? 'START']);
  shape.setContentAlignment(SlidesApp.ContentAlignment.MIDDLE);
}

/** Draws `deck` over the slides of `presentation`, which it replaces. */
function drawInto(
  presentation: GoogleAppsScript.Slides.Presentation,
  deck: Deck,
  made: boolean,
): DrawnDeck {
  presentation.setName(deck.title);
  const k = presentation.getPageWidth() / FRAME_WIDTH;
  const old = presentation.getSlides();
  for (const boxes of deck.slides) {
    const slide = presentation.appendSlide(SlidesApp.PredefinedLayout.BLANK);
    for (const box of boxes) drawBox(slide, box, k);
  }
  old.forEach((s) => s.remove());
  presentation.saveAndClose();
  const [id, url] = [presentation.getId(), presentation.getUrl()];
  return { id, url, slides: deck.slides.length, made };
}

/** A presentation's address, as Slides gives it (`Presentation.getUrl`). */

/** The person's presentation `id`, or null when it is gone (deleted, or no longer theirs). */
function opened(id: string | undefined): GoogleAppsScript.Slides.Presentation | null {
  try {
    return id ? SlidesApp.openById(id) : null;
  } catch {
    return null;
  }
}

/**
 * `deck` drawn in the presentation `id` (its slides replaced, so its link stays the same) or, with
 * none or when it is gone, in a new one in the person's Drive; or Google's refusal in words (the
 * day's presentations used up, a logo address it could not read).
 */
export function drawDeck(deck: Deck, id?: string): DrawnDeck | string {
  try {
    const old = opened(id);
    return drawInto(old ?? SlidesApp.create(oneLineTitle(deck.title)), deck, !old);
  } catch (error) {
    const said = String((error as Error)?.message ?? error);
    return /too many times/i.test(said)
      ? 'Google allows a limited number of new presentations a day, and today’s are used up: try again tomorrow.'
      : `Google Slides refused it (${said}).`;
  }
}

const SELF_CHECK_DECK = 'vis.selfCheckDeck';

/**
 * Run self-check's probe of Slides: without Drive access a deck cannot be deleted, so the check
 * keeps one deck of its own (made on the first run), draws a slide in it and removes the slide.
 */
export function slidesRoundTrip(): string {
  const id = userProperty(SELF_CHECK_DECK);
  let deck: GoogleAppsScript.Slides.Presentation;
  try {
    deck = SlidesApp.openById(id ?? '');
  } catch {
    deck = SlidesApp.create('Visibility self-check (kept for the next check)');
    setUserProperties({ [SELF_CHECK_DECK]: deck.getId() });
  }
  const slide = deck.appendSlide(SlidesApp.PredefinedLayout.BLANK);
  const fill = slide.insertShape(SlidesApp.ShapeType.RECTANGLE, 10, 10, 50, 20).getFill();
  fill.setSolidFill('#1a73e8');
  const refused = expectRefusal(() => fill.setSolidFill('blue'), 'A colour that is not hex');
  slide.remove();
  return `a slide drawn and removed in "${deck.getName()}" (page ${deck.getPageWidth()} x ${deck.getPageHeight()} pt); ${refused}`;
}
