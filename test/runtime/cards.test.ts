// The runtime's CardService refuses what Google refuses on the Workspace add-on's surfaces
// (docs/platform-limits.md W1-W5), so a card the add-on draws wrongly fails here, not in Docs.
import { cardService, readCardAnswer } from '../../dev/gas-runtime/cardService';
import { linkPreviewFunction, type AddOns } from '../../dev/gas-runtime/workspaceAddOn';

const cs = cardService(() => undefined);
const header = () => cs.newCardHeader().setTitle('Acme: 73, strong');
const card = (...widgets: Array<{ data: never }>) => {
  const section = cs.newCardSection();
  for (const w of widgets) section.addWidget(w);
  return cs.newCardBuilder().setHeader(header()).addSection(section).build();
};
const openButton = () =>
  cs
    .newButtonSet()
    .addButton(
      cs.newTextButton().setText('Open').setOpenLink(cs.newOpenLink().setUrl('https://x')),
    );

describe('W1 a link preview card shows, never asks', () => {
  it('takes text and a button that opens a link', () => {
    const answer = card(cs.newTextParagraph().setText('hi') as never, openButton() as never);
    expect(readCardAnswer(answer, 'link preview').kind).toBe('card');
  });
  it('refuses a text input, and a button that runs the script', () => {
    const input = cs.newTextInput().setFieldName('w').setTitle('W');
    expect(() => readCardAnswer(card(input as never), 'link preview')).toThrow(
      /text input is not allowed/,
    );
    const run = cs
      .newButtonSet()
      .addButton(
        cs.newTextButton().setText('Go').setOnClickAction(cs.newAction().setFunctionName('f')),
      );
    expect(() => readCardAnswer(card(run as never), 'link preview')).toThrow(/runs the script/);
  });
});

describe('W3 a card needs a header title, a section, and a widget in each section', () => {
  it('refuses to build without them', () => {
    expect(() =>
      cs
        .newCardBuilder()
        .addSection(cs.newCardSection().addWidget(openButton() as never))
        .build(),
    ).toThrow(/title/);
    expect(() => cs.newCardBuilder().setHeader(header()).build()).toThrow(/at least one section/);
    expect(() =>
      cs.newCardBuilder().setHeader(header()).addSection(cs.newCardSection()).build(),
    ).toThrow(/at least one widget/);
  });
  it('holds at most 100 widgets a section', () => {
    const section = cs.newCardSection();
    for (let i = 0; i < 100; i++)
      section.addWidget(cs.newTextParagraph().setText(String(i)) as never);
    expect(() => section.addWidget(cs.newTextParagraph().setText('x') as never)).toThrow(
      /100 widgets/,
    );
  });
});

describe('W4 a create action card may not notify, push or pop', () => {
  it('refuses each', () => {
    const notify = cs.newActionResponseBuilder().setNotification().build();
    expect(() => readCardAnswer(notify, 'create action submit')).toThrow(/notification/);
    const push = cs.newActionResponseBuilder().setNavigation(cs.newNavigation().pushCard()).build();
    expect(() => readCardAnswer(push, 'create action submit')).toThrow(/Pushing or popping/);
    expect(() =>
      readCardAnswer({ renderActions: { action: { links: [] } } }, 'create action submit'),
    ).toThrow(/no card/);
  });
});

describe("W2 a link matches the manifest's host and path prefix, by whole segments", () => {
  const addOns: AddOns = {
    docs: {
      linkPreviewTriggers: [
        {
          runFunction: 'f',
          patterns: [
            { hostPattern: 'service.example.com', pathPrefix: 'brands' },
            { hostPattern: '*.agency.example' },
          ],
        },
      ],
    },
  };
  it.each([
    ['https://service.example.com/brands/acme', 'f'],
    ['https://service.example.com:8443/brands/acme', 'f'],
    ['https://service.example.com/brandsx/acme', null],
    ['https://other.example.com/brands/acme', null],
    ['https://reports.agency.example/anything', 'f'],
    ['https://agency.example/anything', null],
  ])('%s', (url, fn) => {
    expect(linkPreviewFunction(addOns, 'docs', url)).toBe(fn);
    expect(linkPreviewFunction(addOns, 'sheets', url)).toBeNull();
  });
});
