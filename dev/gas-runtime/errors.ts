/** Errors worded as Apps Script words them, so the add-on meets the same messages as in Google. */
export class GasError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Exception';
  }
}

export function noPermission(what: string): GasError {
  return new GasError(`You do not have permission to call ${what}`);
}

/**
 * What the runtime does not offer: a method of a Google service it has not modelled. One named
 * error, as gas-fakes has, so a test that reaches past the model fails saying so, rather than with
 * a TypeError that reads like a bug of the add-on.
 */
export class NotOffered extends Error {
  constructor(what: string) {
    super(
      `The local runtime does not offer ${what}: model it in dev/gas-runtime from Google's documentation (docs/platform-limits.md) before the add-on relies on it.`,
    );
    this.name = 'NotOffered';
  }
}

/** A service as the script sees it: what it has, and NotOffered for any other method called. */
export function offeredOnly<T extends object>(name: string, service: T): T {
  return new Proxy(service, {
    get(target, prop, receiver) {
      if (typeof prop !== 'string' || prop in target) return Reflect.get(target, prop, receiver);
      return () => {
        throw new NotOffered(`${name}.${prop}`);
      };
    },
  });
}
