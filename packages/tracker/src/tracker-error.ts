/**
 * Codes of the errors the tracker throws. Only developer mistakes throw (configuration and event
 * fields); delivery problems never do: `trackAction` resolves `false` instead.
 * - `endpoint_missing`: no `endpoint` in the configuration when an event is tracked.
 * - `field_required`: `type`, `action` or `name` missing from both the configuration and the call.
 * - `field_invalid`: an id that is neither an integer nor a string of digits.
 * - `config_invalid`: presence timings out of order (the interval must exceed the debounce).
 */
export type TrackerErrorCode =
  | 'endpoint_missing'
  | 'field_required'
  | 'field_invalid'
  | 'config_invalid';

export class TrackerError extends Error {
  // Assigned in the constructor rather than as a class field: the field form costs a helper in
  // the ES2020 script build.
  declare readonly code: TrackerErrorCode;

  constructor(code: TrackerErrorCode, message: string) {
    super(message);
    this.name = 'TrackerError';
    (this as { code: TrackerErrorCode }).code = code;
  }
}
