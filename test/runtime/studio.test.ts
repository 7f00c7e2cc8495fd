// The runtime's Workspace Studio refuses what Studio cannot use (docs/platform-limits.md S1-S5),
// so a step the add-on answers wrongly fails here, not in a person's agent.
import { cardService } from '../../dev/gas-runtime/cardService';
import {
  addOnsResponseService,
  checkConfigCard,
  readStepAnswer,
  stepEvent,
  type WorkflowElement,
} from '../../dev/gas-runtime/studio';

const R = addOnsResponseService(() => undefined);
const element: WorkflowElement = {
  id: 'score',
  name: 'Score',
  workflowAction: {
    inputs: [
      { id: 'website', dataType: { basicType: 'STRING' } },
      { id: 'limit', dataType: { basicType: 'INTEGER' } },
    ],
    outputs: [
      { id: 'score', dataType: { basicType: 'INTEGER' } },
      { id: 'level', dataType: { basicType: 'STRING' } },
    ],
    onConfigFunction: 'config',
    onExecuteFunction: 'execute',
  },
};
const rendered = (workflowAction: unknown) =>
  R.newRenderActionBuilder()
    .setHostAppAction(R.newHostAppAction().setWorkflowAction(workflowAction))
    .build();
const log = (s: string) =>
  R.newWorkflowTextFormat().addTextFormatElement(R.newTextFormatElement().setText(s));
const outputs = (map: Record<string, ReturnType<typeof R.newVariableData>>) =>
  rendered(R.newReturnOutputVariablesAction().setVariableDataMap(map).setLog(log('done')));

describe('S1 the event: each input under its declared type', () => {
  it('gives a STRING input as stringValues and an INTEGER one as integerValues', () => {
    expect(
      stepEvent(element, { website: 'a.com', limit: 3 }).workflow.actionInvocation.inputs,
    ).toEqual({
      website: { stringValues: ['a.com'] },
      limit: { integerValues: [3] },
    });
  });
});

describe('S2 output variables of the declared ids and types, with a log line', () => {
  it('reads values, and an empty variable as empty', () => {
    const answer = outputs({
      score: R.newVariableData().addIntegerValue(43),
      level: R.newVariableData(),
    });
    expect(readStepAnswer(element, answer)).toEqual({
      kind: 'outputs',
      outputs: { score: 43, level: null },
      log: 'done',
    });
  });
  it.each([
    [
      'an undeclared output',
      () => outputs({ rank: R.newVariableData().addIntegerValue(1) }),
      /not declared/,
    ],
    [
      'text in an INTEGER',
      () => outputs({ score: R.newVariableData().addStringValue('43') }),
      /is an INTEGER/,
    ],
    [
      'a number in a STRING',
      () => outputs({ level: R.newVariableData().addIntegerValue(2) }),
      /is a STRING/,
    ],
    [
      'two values in a SINGLE',
      () => outputs({ score: R.newVariableData().addIntegerValue(1).addIntegerValue(2) }),
      /SINGLE/,
    ],
    ['a card, not a render action', () => ({ card: {} }), /no render action/],
  ])('refuses %s', (_, answer, why) => {
    expect(() => readStepAnswer(element, answer())).toThrow(why);
  });
  it('refuses a fraction as an integer', () => {
    expect(() => R.newVariableData().addIntegerValue(4.5)).toThrow(/not an integer/);
  });
});

describe('S3 an element error carries its actionability and retryability', () => {
  it('reads both, and the log', () => {
    const error = R.newReturnElementErrorAction()
      .setErrorActionability(R.ErrorActionability.ACTIONABLE)
      .setErrorRetryability(R.ErrorRetryability.NOT_RETRYABLE)
      .setErrorLog(log('Type a website.'));
    expect(readStepAnswer(element, rendered(error))).toEqual({
      kind: 'error',
      actionable: true,
      retryable: false,
      log: 'Type a website.',
    });
  });
  it('refuses one without its retryability', () => {
    const error = R.newReturnElementErrorAction().setErrorActionability(
      R.ErrorActionability.ACTIONABLE,
    );
    expect(() => readStepAnswer(element, rendered(error))).toThrow(/retryability/);
  });
});

describe('S4 the configuration card names each input by its id', () => {
  const cs = cardService(() => undefined);
  const cardWith = (...names: string[]) => {
    const section = cs.newCardSection();
    for (const n of names)
      section.addWidget(cs.newTextInput().setFieldName(n).setTitle(n) as never);
    return cs
      .newCardBuilder()
      .setHeader(cs.newCardHeader().setTitle('Score'))
      .addSection(section)
      .build().card;
  };
  it('takes a card with every input', () => {
    expect(() => checkConfigCard(element, cardWith('website', 'limit'))).not.toThrow();
  });
  it('refuses a card missing one', () => {
    expect(() => checkConfigCard(element, cardWith('website'))).toThrow(/no input named "limit"/);
  });
});
