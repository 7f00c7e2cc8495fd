/**
 * A card as data (dev/gas-runtime/cardService.ts) drawn as HTML the way Google draws a Workspace
 * add-on's card: Material text styles, a header, sections split by a rule, decorated text on one
 * line (Google wraps it only when `setWrapText` asks, which the add-on never does), text buttons.
 * Paragraphs and decorated text are read as Google reads them, as its small HTML subset (bold,
 * italic, underline, strike, colour, links, line breaks); anything else shows as the text it is.
 * Used by the playground's hover card and the @ menu's form, and for the guide's picture of it.
 */
import type { CardData, CardResponse, CardWidget } from './gas-runtime/cardService';

/**
 * The width the playground draws a card at. Google does not publish its hover card's width; this
 * is the width of its add-on sidebar's cards, and docs/deploy.md lists the comparison with a real
 * card as a check for a real account.
 */
export const CARD_WIDTH_PX = 300;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SUBSET =
  /<(\/?)(b|i|u|s|br)\s*\/?>|<font color="(#[0-9a-f]{3,6})">|<\/font>|<a href="(https?:\/\/[^"<>]*)">|<\/a>/gi;

/** Google's text subset kept, every other `<` shown as itself; entities stay entities. */
export function cardText(text: string): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(SUBSET)) {
    out += text.slice(at, m.index).replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const [whole, close, tag, color, href] = m;
    if (tag) out += `<${close}${tag.toLowerCase()}>`;
    else if (color) out += `<span style="color:${color}">`;
    else if (href) out += `<a href="${escape(href)}" target="_blank" rel="noopener">`;
    else out += whole.toLowerCase() === '</font>' ? '</span>' : '</a>';
    at = (m.index ?? 0) + whole.length;
  }
  return out + text.slice(at).replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function widgetHtml(w: CardWidget): string {
  switch (w.widget) {
    case 'TextParagraph':
      return `<p class="gc-paragraph">${cardText(w.text)}</p>`;
    case 'DecoratedText':
      return `<div class="gc-decorated">${w.topLabel ? `<div class="gc-label">${escape(w.topLabel)}</div>` : ''}<div class="gc-value">${cardText(w.text)}</div></div>`;
    case 'TextInput':
      return `<label class="gc-input"><span>${escape(w.title)}</span><input name="${escape(w.fieldName)}" value="${escape(w.value ?? '')}" placeholder="${escape(w.hint ?? '')}"></label>`;
    case 'ButtonSet':
      return `<div class="gc-buttons">${w.buttons
        .map((b) =>
          b.openLink
            ? `<a class="gc-button" href="${escape(b.openLink)}" target="_blank" rel="noopener">${escape(b.text)}</a>`
            : `<button type="button" class="gc-button" data-fn="${escape(b.onClick ?? '')}">${escape(b.text)}</button>`,
        )
        .join('')}</div>`;
  }
}

export function cardHtml(card: CardData): string {
  const subtitle = card.header.subtitle
    ? `<div class="gc-subtitle">${escape(card.header.subtitle)}</div>`
    : '';
  return `<div class="gc-card"><div class="gc-header"><div class="gc-title">${escape(card.header.title)}</div>${subtitle}</div>${card.sections
    .map((s) => `<div class="gc-section">${s.widgets.map(widgetHtml).join('')}</div>`)
    .join('')}</div>`;
}

/** A function's answer drawn: a card, or what Google does with links (inserts them; no card). */
export const responseHtml = (r: CardResponse | null): string | null =>
  r && r.kind !== 'links' ? cardHtml(r.card) : null;

export const CARD_CSS = `.gc-card{width:${CARD_WIDTH_PX}px;box-sizing:border-box;background:#fff;border-radius:8px;
box-shadow:0 1px 2px rgba(60,64,67,.3),0 2px 6px 2px rgba(60,64,67,.15);font:14px/20px Roboto,Arial,sans-serif;color:#3c4043;text-align:left;white-space:normal}
.gc-header{padding:16px 16px 8px}.gc-title{font:500 16px/24px 'Google Sans',Roboto,Arial,sans-serif;color:#202124}
.gc-subtitle{font-size:14px;color:#5f6368}.gc-section{padding:8px 16px 12px}.gc-section+.gc-section{border-top:1px solid #dadce0}
.gc-decorated{padding:6px 0}.gc-label{font-size:12px;line-height:16px;color:#5f6368}
.gc-value{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.gc-paragraph{margin:6px 0}
.gc-input{display:block;margin:8px 0}.gc-input span{display:block;font-size:12px;color:#5f6368}
.gc-input input{box-sizing:border-box;width:100%;padding:8px;border:1px solid #80868b;border-radius:4px;font:inherit}
.gc-buttons{display:flex;gap:8px;padding-top:4px}.gc-button{font:500 14px/20px 'Google Sans',Roboto,Arial,sans-serif;color:#1a73e8;
background:none;border:0;padding:8px;margin-left:-8px;border-radius:4px;text-decoration:none;cursor:pointer}.gc-button:hover{background:#f1f3f4}
.gc-button:focus-visible{outline:2px solid #1a73e8}`;
