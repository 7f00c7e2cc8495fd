/**
 * The Workspace add-on's cards, drawn with CardService from plain data (domain/linkCard.ts): a
 * link's hover card and the @ menu's form. Text the service sent is escaped where Google reads
 * HTML (paragraphs, decorated text), so a brand name can never become a link or markup.
 */
import { CREATE_PREVIEW_SUBMIT } from '../contract/workspace';
import type { LinkCard } from '../domain/linkCard';

type Card = GoogleAppsScript.Card_Service.Card;

const escaped = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const paragraph = (text: string) => CardService.newTextParagraph().setText(escaped(text));

export function drawLinkCard(card: LinkCard): Card {
  const section = CardService.newCardSection();
  for (const fact of card.facts)
    section.addWidget(
      CardService.newDecoratedText().setTopLabel(fact.label).setText(escaped(fact.text)),
    );
  if (card.note) section.addWidget(paragraph(card.note));
  if (card.open)
    section.addWidget(
      CardService.newButtonSet().addButton(
        CardService.newTextButton()
          .setText(card.open.text)
          .setOpenLink(CardService.newOpenLink().setUrl(card.open.url)),
      ),
    );
  return CardService.newCardBuilder()
    .setHeader(CardService.newCardHeader().setTitle(card.title).setSubtitle(card.subtitle))
    .addSection(section)
    .build();
}

/** The @ menu's form: one website, and why the last one was refused. */
export function drawCreateForm(website: string, refusal: string | null): Card {
  const section = CardService.newCardSection();
  if (refusal) section.addWidget(paragraph(refusal));
  section
    .addWidget(
      CardService.newTextInput()
        .setFieldName('website')
        .setTitle('Website')
        .setHint('A web address, like acmeanalytics.com')
        .setValue(website),
    )
    .addWidget(
      CardService.newButtonSet().addButton(
        CardService.newTextButton()
          .setText('Create preview')
          .setOnClickAction(CardService.newAction().setFunctionName(CREATE_PREVIEW_SUBMIT)),
      ),
    );
  return CardService.newCardBuilder()
    .setHeader(
      CardService.newCardHeader()
        .setTitle('Create visibility preview')
        .setSubtitle('Uses your API key: one preview, its report link inserted here'),
    )
    .addSection(section)
    .build();
}

/** The form drawn again in place (a create action card may not push or pop cards). */
export const formAgain = (card: Card) =>
  CardService.newActionResponseBuilder()
    .setNavigation(CardService.newNavigation().updateCard(card))
    .build();

/** Google's answer that inserts a link where the person typed @ (its create-action page's form). */
export const insertLink = (title: string, url: string) => ({
  renderActions: { action: { links: [{ title, url }] } },
});
