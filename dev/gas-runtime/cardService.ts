/**
 * CardService as builders that yield the card as data, with Google's rules for the Workspace
 * add-on's surfaces enforced (docs/platform-limits.md W1-W5): a card needs a header title and a
 * section, a section a widget; a section holds at most 100 widgets and a card 100 sections; a
 * link preview's card shows, never asks (no inputs, no buttons that call the script); a create
 * action's card may not notify, push or pop. The widgets the add-on does not use are absent, so
 * a call of one fails here as a typo would on Google.
 */
import { GasError } from './errors';

export type CardWidget =
  | { widget: 'TextParagraph'; text: string }
  | { widget: 'DecoratedText'; text: string; topLabel?: string }
  | {
      widget: 'TextInput';
      fieldName: string;
      title: string;
      hint?: string;
      value?: string;
      /** Studio's configuration card: the input also takes an earlier step's output variable. */
      takesVariables?: boolean;
    }
  | { widget: 'ButtonSet'; buttons: CardButton[] };

export interface CardButton {
  text: string;
  openLink?: string;
  onClick?: string;
}

export interface CardData {
  header: { title: string; subtitle?: string };
  sections: Array<{ widgets: CardWidget[] }>;
}

/** What a Workspace add-on's function answered: a card, a navigation, or links to insert. */
export type CardResponse =
  | { kind: 'card'; card: CardData }
  | { kind: 'update'; card: CardData }
  | { kind: 'links'; links: Array<{ title: string; url: string }> };

const LIMIT = 100;

function setter<T extends object>(target: T) {
  return <K extends keyof T>(key: K) =>
    function <B>(this: B, value: T[K]): B {
      target[key] = value;
      return this;
    };
}

function widgetBuilders() {
  const paragraph = () => {
    const w = { widget: 'TextParagraph' as const, text: '' };
    return { data: w, setText: setter(w)('text') };
  };
  const decorated = () => {
    const w: Extract<CardWidget, { widget: 'DecoratedText' }> = {
      widget: 'DecoratedText',
      text: '',
    };
    const set = setter(w);
    return { data: w, setText: set('text'), setTopLabel: set('topLabel') };
  };
  const input = () => {
    const w: Extract<CardWidget, { widget: 'TextInput' }> = {
      widget: 'TextInput',
      fieldName: '',
      title: '',
    };
    const set = setter(w);
    return {
      data: w,
      setFieldName: set('fieldName'),
      setTitle: set('title'),
      setHint: set('hint'),
      setValue: set('value'),
      setHostAppDataSource(source: { workflow?: { includeVariables: boolean } }) {
        w.takesVariables = source.workflow?.includeVariables ?? false;
        return this;
      },
    };
  };
  const button = () => {
    const b: CardButton = { text: '' };
    return {
      data: b,
      setText: setter(b)('text'),
      setOpenLink(link: { url: string }) {
        b.openLink = link.url;
        return this;
      },
      setOnClickAction(action: { fn: string }) {
        b.onClick = action.fn;
        return this;
      },
    };
  };
  const buttonSet = () => {
    const w = { widget: 'ButtonSet' as const, buttons: [] as CardButton[] };
    return {
      data: w,
      addButton(b: { data: CardButton }) {
        w.buttons.push(b.data);
        return this;
      },
    };
  };
  return { paragraph, decorated, input, button, buttonSet };
}

function cardBuilders() {
  const section = () => {
    const s = { widgets: [] as CardWidget[] };
    return {
      data: s,
      addWidget(w: { data: CardWidget }) {
        if (s.widgets.length >= LIMIT)
          throw new GasError('A card section can hold at most 100 widgets.');
        s.widgets.push(w.data);
        return this;
      },
    };
  };
  const header = () => {
    const h = { title: '' } as CardData['header'];
    const set = setter(h);
    return { data: h, setTitle: set('title'), setSubtitle: set('subtitle') };
  };
  const card = () => {
    const c: CardData = { header: { title: '' }, sections: [] };
    return {
      setHeader(h: { data: CardData['header'] }) {
        c.header = h.data;
        return this;
      },
      addSection(s: { data: CardData['sections'][number] }) {
        if (c.sections.length >= LIMIT) throw new GasError('A card can hold at most 100 sections.');
        c.sections.push(s.data);
        return this;
      },
      build(): { card: CardData } {
        if (!c.header.title) throw new GasError('A card header needs a title.');
        if (c.sections.length === 0) throw new GasError('A card needs at least one section.');
        if (c.sections.some((s) => s.widgets.length === 0))
          throw new GasError('A card section needs at least one widget.');
        return { card: c };
      },
    };
  };
  return { section, header, card };
}

function responseBuilders() {
  const navigation = () => {
    const n: { update?: CardData; pushed?: boolean } = {};
    function moved<B>(this: B): B {
      n.pushed = true;
      return this;
    }
    return {
      data: n,
      updateCard(c: { card: CardData }) {
        n.update = c.card;
        return this;
      },
      // A push and a pop are one fact to the runtime: a card stack moved (refused in H4).
      pushCard: moved,
      popCard: moved,
    };
  };
  const actionResponse = () => {
    const r: { navigation?: ReturnType<typeof navigation>['data']; notified?: boolean } = {};
    return {
      setNavigation(n: { data: ReturnType<typeof navigation>['data'] }) {
        r.navigation = n.data;
        return this;
      },
      setNotification() {
        r.notified = true;
        return this;
      },
      build: () => ({ actionResponse: r }),
    };
  };
  return { navigation, actionResponse };
}

export function cardService(call: (name: string) => void) {
  const w = widgetBuilders();
  const c = cardBuilders();
  const r = responseBuilders();
  const counted =
    <A extends unknown[], T>(name: string, make: (...a: A) => T) =>
    (...a: A): T => {
      call(`CardService.${name}`);
      return make(...a);
    };
  return {
    newCardBuilder: counted('newCardBuilder', c.card),
    newCardHeader: counted('newCardHeader', c.header),
    newCardSection: counted('newCardSection', c.section),
    newTextParagraph: counted('newTextParagraph', w.paragraph),
    newDecoratedText: counted('newDecoratedText', w.decorated),
    newTextInput: counted('newTextInput', w.input),
    newTextButton: counted('newTextButton', w.button),
    newButtonSet: counted('newButtonSet', w.buttonSet),
    newOpenLink: counted('newOpenLink', () => {
      const link = { url: '' };
      return Object.assign(link, {
        setUrl(url: string) {
          link.url = url;
          return link;
        },
      });
    }),
    newAction: counted('newAction', () => {
      const action = { fn: '' };
      return Object.assign(action, {
        setFunctionName(fn: string) {
          action.fn = fn;
          return action;
        },
      });
    }),
    // Studio's data sources for an input (its "Build a step" page): the variables of earlier steps.
    newHostAppDataSource: counted('newHostAppDataSource', () => {
      const source: { workflow?: { includeVariables: boolean } } = {};
      return Object.assign(source, {
        setWorkflowDataSource(workflow: { includeVariables: boolean }) {
          source.workflow = workflow;
          return source;
        },
      });
    }),
    newWorkflowDataSource: counted('newWorkflowDataSource', () => {
      const workflow = { includeVariables: false };
      return Object.assign(workflow, {
        setIncludeVariables(v: boolean) {
          workflow.includeVariables = v;
          return workflow;
        },
      });
    }),
    newNavigation: counted('newNavigation', r.navigation),
    newActionResponseBuilder: counted('newActionResponseBuilder', r.actionResponse),
  };
}

/** The surfaces a Workspace add-on's function answers for. */
export type CardSurface =
  'link preview' | 'create action form' | 'create action submit' | 'step configuration';

const refused = (surface: CardSurface, what: string) =>
  new GasError(`${what} is not allowed in a ${surface} card.`);

function checkWidgets(card: CardData, surface: CardSurface): void {
  for (const widget of card.sections.flatMap((s) => s.widgets)) {
    if (surface !== 'link preview') continue;
    if (widget.widget === 'TextInput') throw refused(surface, 'A text input');
    if (widget.widget === 'ButtonSet' && widget.buttons.some((b) => !b.openLink))
      throw refused(surface, 'A button that runs the script');
  }
}

/**
 * What Google makes of a function's answer on `surface`, or the error it shows instead: only
 * built objects count (an unbuilt builder, or anything else, is "not a card").
 */
export function readCardAnswer(answer: unknown, surface: CardSurface): CardResponse {
  const a = answer as {
    card?: CardData;
    actionResponse?: { navigation?: { update?: CardData; pushed?: boolean }; notified?: boolean };
    renderActions?: { action?: { links?: Array<{ title: string; url: string }> } };
  } | null;
  if (a?.card) {
    checkWidgets(a.card, surface);
    return { kind: 'card', card: a.card };
  }
  if (a?.actionResponse) {
    if (surface !== 'link preview' && a.actionResponse.notified)
      throw refused(surface, 'A notification');
    const nav = a.actionResponse.navigation;
    if (nav?.pushed) throw refused(surface, 'Pushing or popping a card');
    if (nav?.update) {
      checkWidgets(nav.update, surface);
      return { kind: 'update', card: nav.update };
    }
  }
  const links = a?.renderActions?.action?.links;
  if (surface === 'create action submit' && Array.isArray(links) && links.length === 1)
    return { kind: 'links', links };
  throw new GasError(`The ${surface} function returned no card Google can show.`);
}
