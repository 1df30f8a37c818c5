import { fromPromise } from 'xstate';
import type { WithdrawalRequest } from '../../api/send';
import type { Transaction } from '../../api/wallet';
import { passcodeVerifyMachine } from '../../../machines/passcodeVerify.machine';
import type { SendFailure } from '../../../machines/send.machine';

/** The passcode errors the passcode step shows itself (spec §6); any other failure is the send's. */
const PASSCODE_CODES = /^B2C_USM003[0-2]$/;

/**
 * The send's passcode step. It lives here, in the send screens' chunk, rather than in services.ts, which
 * the start-up code imports: the passcode machines then download with the send screens.
 *
 * The step makes the withdrawal itself, with the code in the pincode header and the review's request
 * (`request()` reads it from the running send actor); non-passcode failures go to `failed`.
 */
export function createPasscodeStep(
  withdraw: (request: WithdrawalRequest, pincode: string) => Promise<Transaction>,
  request: () => WithdrawalRequest,
  failed: (failure: SendFailure) => void,
) {
  return passcodeVerifyMachine.provide({
    actors: {
      submitPasscode: fromPromise(async ({ input }: { input: { code: string } }) => {
        try {
          return await withdraw(request(), input.code);
        } catch (error) {
          const e = error as { code?: string; message?: string };
          if (!PASSCODE_CODES.test(e?.code ?? '')) failed({ code: e?.code ?? 'UNKNOWN', message: e?.message ?? '' });
          throw error;
        }
      }),
    },
  });
}
