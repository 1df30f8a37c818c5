/**
 * Dynamic `params` for a named guard or action on an `onDone` transition: the invoked actor's output.
 * Named guards and actions in `setup` only see the machine's own events, so a done event's payload is
 * handed to them as typed params instead of being cast (`output` is typed by the actor logic in `setup`).
 *
 *   onDone: { guard: { type: 'drawable', params: output }, actions: { type: 'storeHistory', params: output } }
 */
export const output = <T>({ event }: { event: { output: T } }) => event.output;

/**
 * `params` from the passcode step's output. The shared passcode child outputs what the flow's own
 * `submitPasscode` returned, typed `unknown` there, so the flow names that type here: the one place
 * where a done event's output is asserted rather than inferred (issue 21 item 2 gives the passcode
 * child a typed request and output).
 */
export const passcodeOutput =
  <T>() =>
  ({ event }: { event: { output: unknown } }): T =>
    event.output as T;

/** Dynamic `params` for a named action on an `onError` transition: what the invoked actor threw. */
export const thrown = ({ event }: { event: { error: unknown } }) => event.error;
