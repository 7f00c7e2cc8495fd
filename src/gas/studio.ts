/**
 * Workspace Studio's side of a step, drawn from plain data: the configuration card (one input
 * that takes typed text or an earlier step's variable), and an execution's answer through
 * AddOnsResponseService: output variables with a log line, or an element error with its
 * actionability and retryability (Google's "Build a step", "Handle errors" and
 * AddOnsResponseService pages). Neither has types in @types/google-apps-script, hence the
 * narrow declarations here.
 */
import type { StudioStep } from '../contract/studio';
import type { StepOutcome } from '../domain/studioSteps';

interface Built {
  build(): unknown;
}
interface VariableData {
  addStringValue(v: string): VariableData;
  addIntegerValue(v: number): VariableData;
}
interface TextFormat {
  addTextFormatElement(e: unknown): TextFormat;
}
declare const AddOnsResponseService: {
  newVariableData(): VariableData;
  newReturnOutputVariablesAction(): {
    setVariableDataMap(m: Record<string, VariableData>): { setLog(l: TextFormat): unknown };
  };
  newReturnElementErrorAction(): {
    setErrorActionability(a: unknown): {
      setErrorRetryability(r: unknown): { setErrorLog(l: TextFormat): unknown };
    };
  };
  newHostAppAction(): { setWorkflowAction(a: unknown): unknown };
  newRenderActionBuilder(): { setHostAppAction(a: unknown): Built };
  newWorkflowTextFormat(): TextFormat;
  newTextFormatElement(): { setText(t: string): unknown };
  ErrorActionability: { ACTIONABLE: unknown; NOT_ACTIONABLE: unknown };
  ErrorRetryability: { RETRYABLE: unknown; NOT_RETRYABLE: unknown };
};
type StudioCardService = typeof CardService & {
  newHostAppDataSource(): { setWorkflowDataSource(w: unknown): unknown };
  newWorkflowDataSource(): { setIncludeVariables(v: boolean): unknown };
};

const text = (line: string) =>
  AddOnsResponseService.newWorkflowTextFormat().addTextFormatElement(
    AddOnsResponseService.newTextFormatElement().setText(line),
  );

const rendered = (workflowAction: unknown) =>
  AddOnsResponseService.newRenderActionBuilder()
    .setHostAppAction(AddOnsResponseService.newHostAppAction().setWorkflowAction(workflowAction))
    .build();

export function drawStepOutcome(step: StudioStep, outcome: StepOutcome): unknown {
  const R = AddOnsResponseService;
  if ('error' in outcome) {
    const { message, actionable, retryable } = outcome.error;
    return rendered(
      R.newReturnElementErrorAction()
        .setErrorActionability(
          actionable ? R.ErrorActionability.ACTIONABLE : R.ErrorActionability.NOT_ACTIONABLE,
        )
        .setErrorRetryability(
          retryable ? R.ErrorRetryability.RETRYABLE : R.ErrorRetryability.NOT_RETRYABLE,
        )
        .setErrorLog(text(message)),
    );
  }
  const variables: Record<string, VariableData> = {};
  for (const output of step.outputs) {
    const value = outcome.outputs[output.id];
    const data = R.newVariableData();
    // An empty variable where there is no value: never 0 or '' standing in for "not given".
    if (typeof value === 'number' && output.type === 'INTEGER') data.addIntegerValue(value);
    else if (typeof value === 'string' && output.type === 'STRING') data.addStringValue(value);
    variables[output.id] = data;
  }
  return rendered(
    R.newReturnOutputVariablesAction().setVariableDataMap(variables).setLog(text(outcome.log)),
  );
}

/** The step's card in Studio: its input, typed or taken from an earlier step's output. */
export function drawStepConfig(step: StudioStep) {
  const cards = CardService as StudioCardService;
  const section = CardService.newCardSection();
  for (const input of step.inputs)
    section.addWidget(
      (
        CardService.newTextInput()
          .setFieldName(input.id)
          .setTitle(input.description) as unknown as {
          setHostAppDataSource(s: unknown): GoogleAppsScript.Card_Service.TextInput;
        }
      ).setHostAppDataSource(
        cards
          .newHostAppDataSource()
          .setWorkflowDataSource(cards.newWorkflowDataSource().setIncludeVariables(true)),
      ),
    );
  return CardService.newCardBuilder()
    .setHeader(CardService.newCardHeader().setTitle(step.name).setSubtitle(step.description))
    .addSection(section)
    .build();
}
