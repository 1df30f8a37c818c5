import { fromPromise, type AnyActorRef } from 'xstate';
import type { SwapOrder } from '../../api/swap';
import { passcodeVerifyMachine } from '../../../machines/passcodeVerify.machine';
import type { SwapContext, SwapFailure } from '../../../machines/swap.machine';

/** The swap actor's system id: the passcode step finds the order it confirms through the actor system. */
export const SWAP_SYSTEM_ID = 'swap';

/** The passcode errors the passcode step shows itself (spec §6); any other failure is the swap's. */
const PASSCODE_CODES = /^B2C_USM003[0-2]$/;

/**
 * The swap's passcode step (the send step's pattern, src/features/send/steps.ts): it confirms the
 * order itself with the code in the pincode header (the order is read from the running swap actor,
 * registered as SWAP_SYSTEM_ID); non-passcode failures go to `failed`.
 */
export function createSwapPasscodeStep(
  confirm: (orderId: string, pincode: string) => Promise<SwapOrder>,
  failed: (failure: SwapFailure) => void,
) {
  return passcodeVerifyMachine.provide({
    actors: {
      submitPasscode: fromPromise(
        async ({
          input,
          system,
        }: {
          input: { code: string };
          system: { get(id: string): AnyActorRef | undefined };
        }) => {
          const swap = system.get(SWAP_SYSTEM_ID);
          const orderId = (swap?.getSnapshot().context as SwapContext | undefined)?.order?.id ?? '';
          try {
            return await confirm(orderId, input.code);
          } catch (error) {
            const e = error as { code?: string; message?: string };
            if (!PASSCODE_CODES.test(e?.code ?? '')) failed({ code: e?.code ?? 'UNKNOWN', message: e?.message ?? '' });
            throw error;
          }
        },
      ),
    },
  });
}
