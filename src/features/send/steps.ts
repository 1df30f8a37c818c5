import { fromPromise, type ActorSystem } from 'xstate';

type AnyActorSystem = ActorSystem<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
import { passcodeVerifyMachine } from '../../../machines/passcodeVerify.machine';

/** The passcode errors the passcode step shows itself (spec §6); any other failure is the flow's. */
const PASSCODE_CODES = /^B2C_USM003[0-2]$/;

export type StepFailure = { code: string; message: string };

/**
 * The passcode step of a money-moving review (send, sell). It lives in the screens' chunk, beside the
 * pages that build it, so the passcode machines download with the screens that use them.
 *
 * The step makes the request itself, with the code in the pincode header and the review's request
 * (`request(system)` reads it from the running flow actor, e.g. by its systemId, so its idempotency key
 * too); non-passcode
 * failures go to `failed`.
 */
export function createPasscodeStep<R, T>(
  submit: (request: R, pincode: string) => Promise<T>,
  request: (system: AnyActorSystem) => R,
  failed: (failure: StepFailure) => void,
) {
  return passcodeVerifyMachine.provide({
    actors: {
      submitPasscode: fromPromise(async ({ input, system }: { input: { code: string }; system: AnyActorSystem }) => {
        try {
          return await submit(request(system), input.code);
        } catch (error) {
          const e = error as { code?: string; message?: string };
          if (!PASSCODE_CODES.test(e?.code ?? '')) failed({ code: e?.code ?? 'UNKNOWN', message: e?.message ?? '' });
          throw error;
        }
      }),
    },
  });
}
