/**
 * SlidesApp, the part the add-on uses, as strict as Google (docs/platform-limits.md, S1-S4):
 * every call needs the `presentations` scope (a Sheets add-on has no current presentation, so
 * `presentations.currentonly` does not serve); presentations created count against a daily quota
 * (250 on consumer accounts, 1,500 on Workspace); colours are hex strings; an image comes from a
 * public http(s) address. Decks are kept in memory and can be pictured as HTML (`deckHtml`).
 */
import { randomUUID } from 'node:crypto';
import { GasError } from './errors';
import type { IsConsumer } from './mail';

export const SLIDES_SCOPE = 'https://www.googleapis.com/auth/presentations';
/** A new presentation's page: 16:9, 10 x 5.625 inches, in points. */
const PAGE = { width: 720, height: 405 };
const HEX = /^#[0-9a-f]{6}$/i;

export interface Element {
  kind: 'shape' | 'image';
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string | null;
  text: string;
  size: number;
  bold: boolean;
  color: string;
  align: string;
  image?: string;
}

export interface DeckModel {
  id: string;
  name: string;
  owner: string;
  slides: Element[][];
}

export interface SlidesEnv {
  call(name: string): void;
  allowed(what: string): void;
  user(): string;
  /** The key of the user's open quota window of presentations made (QuotaWindows). */
  window(): string;
  now(): number;
  hasScope: boolean;
}

function color(value: unknown): string {
  if (typeof value !== 'string' || !HEX.test(value))
    throw new GasError(`Invalid argument: ${String(value)} is not a valid hex color string.`);
  return value;
}

function shapeOf(element: Element, use: (what: string) => void) {
  const textStyle = {
    setFontSize: (n: number) => (use('TextStyle.setFontSize'), (element.size = n), textStyle),
    setBold: (b: boolean) => (use('TextStyle.setBold'), (element.bold = b), textStyle),
    setForegroundColor: (c: string) => (
      use('TextStyle.setForegroundColor'),
      (element.color = color(c)),
      textStyle
    ),
  };
  const text = {
    setText: (t: string) => (use('TextRange.setText'), (element.text = String(t)), text),
    asString: () => element.text,
    getTextStyle: () => textStyle,
    getParagraphStyle: () => ({
      setParagraphAlignment: (a: string) => (
        use('ParagraphStyle.setParagraphAlignment'),
        (element.align = a)
      ),
    }),
  };
  const shape = {
    getFill: () => ({
      setSolidFill: (c: string) => (use('Fill.setSolidFill'), (element.fill = color(c))),
      setTransparent: () => (use('Fill.setTransparent'), (element.fill = null)),
    }),
    getBorder: () => ({ setTransparent: () => use('Border.setTransparent') }),
    getText: () => text,
    setContentAlignment: () => (use('Shape.setContentAlignment'), shape),
  };
  return shape;
}

export class SlidesDrive {
  constructor(private readonly isConsumer: IsConsumer) {}
  readonly decks = new Map<string, DeckModel>();
  /** Presentations created, per "user yyyy-mm-dd". */
  private created = new Map<string, number>();
  /** Tests may lower a user's daily quota. */
  readonly quota = new Map<string, number>();

  service(env: SlidesEnv) {
    const use = (what: string) => {
      env.call(`SlidesApp.${what}`);
      env.allowed('SlidesApp');
      if (!env.hasScope)
        throw new GasError(
          `You do not have permission to call SlidesApp.${what}. Required permissions: ${SLIDES_SCOPE}`,
        );
    };
    const slideOf = (deck: DeckModel, elements: Element[]) => {
      const add = (e: Omit<Element, 'fill' | 'text' | 'size' | 'bold' | 'color' | 'align'>) => {
        const element: Element = {
          fill: '#ffffff',
          text: '',
          size: 14,
          bold: false,
          color: '#000000',
          align: 'START',
          ...e,
        };
        elements.push(element);
        return element;
      };
      return {
        insertShape: (_type: string, x: number, y: number, w: number, h: number) => {
          use('Slide.insertShape');
          return shapeOf(add({ kind: 'shape', x, y, w, h }), use);
        },
        insertImage: (url: string, x: number, y: number, w: number, h: number) => {
          use('Slide.insertImage');
          if (!/^https?:\/\/\S+$/.test(String(url)) || String(url).length > 2000)
            throw new GasError('Invalid argument: the image URL must be a public http(s) address.');
          add({ kind: 'image', x, y, w, h, image: url });
        },
        getPageElements: () => elements.slice(),
        remove: () => {
          use('Slide.remove');
          const i = deck.slides.indexOf(elements);
          if (i >= 0) deck.slides.splice(i, 1);
        },
      };
    };
    const presentation = (deck: DeckModel) => ({
      getId: () => deck.id,
      getName: () => deck.name,
      setName: (name: string) => {
        use('Presentation.setName');
        deck.name = String(name);
      },
      getUrl: () => `https://docs.google.com/presentation/d/${deck.id}/edit`,
      getPageWidth: () => (use('Presentation.getPageWidth'), PAGE.width),
      getPageHeight: () => (use('Presentation.getPageHeight'), PAGE.height),
      getSlides: () => (use('Presentation.getSlides'), deck.slides.map((s) => slideOf(deck, s))),
      appendSlide: () => {
        use('Presentation.appendSlide');
        const elements: Element[] = [];
        deck.slides.push(elements);
        return slideOf(deck, elements);
      },
      saveAndClose: () => use('Presentation.saveAndClose'),
    });
    return {
      create: (name: string) => {
        use('create');
        const user = env.user();
        const day = env.window();
        const made = this.created.get(day) ?? 0;
        const limit = this.quota.get(user) ?? (this.isConsumer(user) ? 250 : 1500);
        if (made >= limit)
          throw new GasError('Service invoked too many times for one day: presentations create.');
        this.created.set(day, made + 1);
        // A new presentation starts with one title slide.
        const deck: DeckModel = {
          id: randomUUID().replace(/-/g, ''),
          name: String(name),
          owner: user,
          slides: [[]],
        };
        this.decks.set(deck.id, deck);
        return presentation(deck);
      },
      openById: (id: string) => {
        use('openById');
        const deck = this.decks.get(String(id));
        if (!deck || deck.owner !== env.user())
          throw new GasError(
            `No item with the given ID could be found, or you do not have permission to access it.`,
          );
        return presentation(deck);
      },
      ShapeType: { RECTANGLE: 'RECTANGLE', TEXT_BOX: 'TEXT_BOX' },
      PredefinedLayout: { BLANK: 'BLANK' },
      ParagraphAlignment: { START: 'START', CENTER: 'CENTER', END: 'END' },
      ContentAlignment: { TOP: 'TOP', MIDDLE: 'MIDDLE', BOTTOM: 'BOTTOM' },
    };
  }
}

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A picture of a deck: each slide as a 720 x 405 box of absolutely placed elements. */
export function deckHtml(deck: DeckModel): string {
  const slide = (elements: Element[], i: number) => {
    const items = elements.map((e) => {
      const at = `left:${e.x}px;top:${e.y}px;width:${e.w}px;height:${e.h}px`;
      if (e.kind === 'image')
        return `<div class="img" style="${at}">logo: ${escape(e.image ?? '')}</div>`;
      const look = `background:${e.fill ?? 'transparent'};color:${e.color};font-size:${e.size}px;font-weight:${e.bold ? 700 : 400};justify-content:${e.align === 'CENTER' ? 'center' : e.align === 'END' ? 'flex-end' : 'flex-start'}`;
      return `<div style="${at};${look}">${escape(e.text).replace(/\n/g, '<br>')}</div>`;
    });
    return `<section aria-label="Slide ${i + 1}">${items.join('')}</section>`;
  };
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escape(deck.name)}</title><style>
body{font-family:Arial,sans-serif;background:#f1f3f4;margin:16px}
section{position:relative;width:720px;height:405px;background:#fff;margin:0 0 16px;box-shadow:0 1px 3px #0003;overflow:hidden}
section div{position:absolute;display:flex;align-items:center;white-space:pre-wrap;overflow:hidden;line-height:1.15}
.img{border:1px dashed #999;font-size:9px;color:#666;justify-content:center}
</style><h1 style="font-size:16px">${escape(deck.name)}</h1>${deck.slides.map(slide).join('')}</html>`;
}
