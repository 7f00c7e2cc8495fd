/**
 * Workspace Studio as it drives an add-on's steps (Google's "Build a step", "Pass data between
 * steps", "Handle errors" pages and its AddOnsResponseService reference; docs/platform-limits.md
 * S1-S5): the event an execute function gets (`e.workflow.actionInvocation.inputs`, each input as
 * `stringValues` or `integerValues` by its declared type), AddOnsResponseService's builders as
 * data, and what Studio makes of the answer: output variables of the declared ids and types with
 * a log line, or an element error with its actionability and retryability. Anything else, or an
 * exception, is a failed step with no words of the add-on's.
 */
import type { CardData } from './cardService';
import { GasError } from './errors';

export type BasicType = 'STRING' | 'INTEGER' | 'TIMESTAMP' | 'BOOLEAN' | 'EMAIL_ADDRESS';

interface Variable {
  id: string;
  dataType: { basicType: BasicType };
}

export interface WorkflowElement {
  id: string;
  name: string;
  workflowAction: {
    inputs: Variable[];
    outputs: Variable[];
    onConfigFunction: string;
    onExecuteFunction: string;
  };
}

export type StepValue = string | number;

export type StepAnswer =
  | { kind: 'outputs'; outputs: Record<string, StepValue | null>; log: string }
  | { kind: 'error'; actionable: boolean; retryable: boolean; log: string };

type VariableData = { strings: string[]; integers: number[] };

const text = () => {
  const t = { parts: [] as string[] };
  return Object.assign(t, {
    addTextFormatElement<B>(this: B, e: { text: string }): B {
      t.parts.push(e.text);
      return this;
    },
  });
};

/** AddOnsResponseService, the part a step uses, as builders that yield plain data. */
export function addOnsResponseService(call: (name: string) => void) {
  const counted =
    <T>(name: string, make: () => T) =>
    (): T => {
      call(`AddOnsResponseService.${name}`);
      return make();
    };
  return {
    ErrorActionability: { ACTIONABLE: 'ACTIONABLE', NOT_ACTIONABLE: 'NOT_ACTIONABLE' },
    ErrorRetryability: { RETRYABLE: 'RETRYABLE', NOT_RETRYABLE: 'NOT_RETRYABLE' },
    newVariableData: counted('newVariableData', () => {
      const v: VariableData = { strings: [], integers: [] };
      return Object.assign(v, {
        addStringValue<B>(this: B, s: string): B {
          v.strings.push(String(s));
          return this;
        },
        addIntegerValue<B>(this: B, n: number): B {
          if (!Number.isInteger(n)) throw new GasError(`${n} is not an integer.`);
          v.integers.push(n);
          return this;
        },
      });
    }),
    newWorkflowTextFormat: counted('newWorkflowTextFormat', text),
    newTextFormatElement: counted('newTextFormatElement', () => {
      const e = { text: '' };
      return Object.assign(e, {
        setText<B>(this: B, s: string): B {
          e.text = String(s);
          return this;
        },
      });
    }),
    newReturnOutputVariablesAction: counted('newReturnOutputVariablesAction', () => {
      const a = { outputs: {} as Record<string, VariableData>, log: '' };
      return Object.assign(a, {
        setVariableDataMap<B>(this: B, map: Record<string, VariableData>): B {
          Object.assign(a.outputs, map);
          return this;
        },
        addVariableData<B>(this: B, key: string, value: VariableData): B {
          a.outputs[key] = value;
          return this;
        },
        setLog<B>(this: B, log: { parts: string[] }): B {
          a.log = log.parts.join('');
          return this;
        },
      });
    }),
    newReturnElementErrorAction: counted('newReturnElementErrorAction', () => {
      const a = { error: true, actionability: '', retryability: '', log: '' };
      return Object.assign(a, {
        setErrorActionability<B>(this: B, x: string): B {
          a.actionability = x;
          return this;
        },
        setErrorRetryability<B>(this: B, x: string): B {
          a.retryability = x;
          return this;
        },
        setErrorLog<B>(this: B, log: { parts: string[] }): B {
          a.log = log.parts.join('');
          return this;
        },
      });
    }),
    newHostAppAction: counted('newHostAppAction', () => {
      const h = { workflowAction: null as unknown };
      return Object.assign(h, {
        setWorkflowAction<B>(this: B, a: unknown): B {
          h.workflowAction = a;
          return this;
        },
      });
    }),
    newRenderActionBuilder: counted('newRenderActionBuilder', () => {
      const r = { hostAppAction: null as { workflowAction: unknown } | null };
      return {
        setHostAppAction(h: { workflowAction: unknown }) {
          r.hostAppAction = h;
          return this;
        },
        build: () => ({ renderAction: { hostAppAction: r.hostAppAction } }),
      };
    }),
  };
}

/** The event Studio hands an execute function: each input under its declared type's values. */
export function stepEvent(element: WorkflowElement, inputs: Record<string, StepValue>) {
  const invocation: Record<string, { stringValues?: string[]; integerValues?: number[] }> = {};
  for (const v of element.workflowAction.inputs) {
    const value = inputs[v.id];
    if (value === undefined) continue;
    invocation[v.id] =
      v.dataType.basicType === 'INTEGER' && typeof value === 'number'
        ? { integerValues: [value] }
        : { stringValues: [String(value)] };
  }
  return {
    commonEventObject: { hostApp: 'WORKFLOW', platform: 'WEB', userLocale: 'en' },
    workflow: { actionInvocation: { inputs: invocation } },
  };
}

const failed = (why: string) => new GasError(`The step failed: ${why}`);

function outputsOf(element: WorkflowElement, data: Record<string, VariableData>) {
  const declared = new Map(element.workflowAction.outputs.map((v) => [v.id, v.dataType.basicType]));
  const outputs: Record<string, StepValue | null> = {};
  for (const [id, v] of Object.entries(data)) {
    const type = declared.get(id);
    if (!type) throw failed(`output "${id}" is not declared in the manifest.`);
    if (v.strings.length + v.integers.length > 1) throw failed(`output "${id}" is SINGLE.`);
    if (type === 'INTEGER' && v.strings.length) throw failed(`output "${id}" is an INTEGER.`);
    if (type !== 'INTEGER' && v.integers.length) throw failed(`output "${id}" is a ${type}.`);
    outputs[id] = v.integers[0] ?? v.strings[0] ?? null;
  }
  return outputs;
}

/** What Studio makes of an execute function's answer (S2, S3), or the failure it shows instead. */
export function readStepAnswer(element: WorkflowElement, answer: unknown): StepAnswer {
  const action = (answer as { renderAction?: { hostAppAction?: { workflowAction?: unknown } } })
    ?.renderAction?.hostAppAction?.workflowAction as
    | { outputs: Record<string, VariableData>; log: string }
    | { error: true; actionability: string; retryability: string; log: string }
    | undefined;
  if (!action) throw failed('the function returned no render action with a workflow action.');
  if ('error' in action) {
    if (!action.actionability || !action.retryability)
      throw failed('an element error needs its actionability and retryability.');
    return {
      kind: 'error',
      actionable: action.actionability === 'ACTIONABLE',
      retryable: action.retryability === 'RETRYABLE',
      log: action.log,
    };
  }
  return { kind: 'outputs', outputs: outputsOf(element, action.outputs), log: action.log };
}

/** A configuration card names each declared input by its id, or Studio cannot fill it (S4). */
export function checkConfigCard(element: WorkflowElement, card: CardData): void {
  const fields = new Set(
    card.sections.flatMap((s) =>
      s.widgets.flatMap((w) => (w.widget === 'TextInput' ? [w.fieldName] : [])),
    ),
  );
  for (const v of element.workflowAction.inputs)
    if (!fields.has(v.id))
      throw new GasError(`The configuration card has no input named "${v.id}".`);
}
