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
