/**
 * What a test starts that outlives its render: the app's root actor and its children (session, balances,
 * their polls). React's cleanup unmounts the screens but does not stop actors created outside React, and the
 * files of a worker share one window (`isolate: false`): a poll left running would write the next file's
 * storage. tests/support/setup.ts runs these after every test.
 */
const pending: Array<() => void> = [];

/** Stop this once the current test ends. */
export function stopAfterThisTest(stop: () => void): void {
  pending.push(stop);
}

export function stopWhatTestsLeft(): void {
  for (const stop of pending.splice(0)) stop();
}
