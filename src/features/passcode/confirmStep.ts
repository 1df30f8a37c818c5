import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import { passcodeConfirmFor } from '../../../machines/passcodeConfirm.machine';
import type { Platform } from '../../platform/types';
import { faceIdStore } from '../protection/faceIdStore';

const biometryReason = msg`Confirm with biometrics to use your wallet passcode`;

/**
 * The live passcode step of a money flow (machines/passcodeConfirm.machine.ts), built by the flow's
 * services: `authorise` makes the flow's request with the code in the pincode header, and the
 * biometric unlock asks the messenger for the passcode stored as the token (spec §4).
 */
export function createConfirmStep<R, T>(
  platform: Pick<Platform, 'biometrics'>,
  authorise: (request: R, pincode: string) => Promise<T>,
) {
  return passcodeConfirmFor<R, T>().provide({
    actors: {
      authorise: fromPromise<T, { request: R; code: string }>(({ input }) => authorise(input.request, input.code)),
      unlockWithBiometrics: fromPromise<string | null>(() => platform.biometrics.authenticate(i18n._(biometryReason))),
    },
  });
}

/** Biometric unlock is offered once the user turned it on (faceIdEnabled; only possible on iOS in the messenger). */
export const biometricUnlockOn = (): boolean => faceIdStore.enabled();
