import { fromPromise } from 'xstate';
import type { BiometryStatus } from '../../../machines/biometrics.machine';
import { passcodeApi, type PasscodeApi } from '../../api/passcode';
import { getActiveProfile, refreshActiveProfile } from '../../app/account';
import type { Platform } from '../../platform/types';
import { faceIdStore } from './faceIdStore';

let api: PasscodeApi = passcodeApi;

/** Tests: answer the passcode calls with a fake; null restores the live client. */
export function setPasscodeApi(next: PasscodeApi | null): void {
  api = next ?? passcodeApi;
}

/**
 * Real actor logic and side effects for the wallet-protection machines (spec §7 passcode calls,
 * the messenger's biometry). Codes pass through as actor input only; nothing is stored.
 */
export function createProtectionActors(platform: Platform, biometryReason: string) {
  const updateBiometricToken = fromPromise<void, { code: string }>(async ({ input }) => {
    // Spec §4: only when biometric access was granted (and so only on iOS inside the messenger).
    const status = await platform.biometrics.status();
    if (status?.accessGranted) await platform.biometrics.updateToken(input.code);
  });
  return {
    loadPinCodeActive: fromPromise<boolean>(async () => (await getActiveProfile()).pinCodeActive),
    enablePasscode: fromPromise<void, { code: string }>(({ input }) => api.enable(input.code)),
    changePasscode: fromPromise<void, { oldCode: string; code: string }>(({ input }) => api.change(input.oldCode, input.code)),
    disablePasscode: fromPromise<void, { code: string }>(({ input }) => api.disable(input.code)),
    /** Validate, then hand the code on (it becomes the biometric token). */
    validateForToken: fromPromise<string, { code: string }>(async ({ input }) => {
      await api.validate(input.code);
      return input.code;
    }),
    updateBiometricToken,
    loadBiometryStatus: fromPromise<BiometryStatus | null>(() => platform.biometrics.status()),
    requestBiometryAccess: fromPromise<boolean>(() => platform.biometrics.requestAccess(biometryReason)),
    storeBiometricToken: fromPromise<void, { token: string }>(({ input }) => platform.biometrics.updateToken(input.token)),
    unlockWithBiometrics: fromPromise<string | null>(() => platform.biometrics.authenticate(biometryReason)),
  };
}

export type ProtectionActors = ReturnType<typeof createProtectionActors>;

/** After enable/disable the cached profile agrees with the server (home's protection prompt, send's passcode step). */
export const markPasscodeActive = (pinCodeActive: boolean) => void refreshActiveProfile({ pinCodeActive }).catch(() => {});

/** A disabled passcode takes biometrics with it: no flag, no token left on the device. */
export function forgetBiometrics(platform: Platform): void {
  faceIdStore.disable();
  void platform.biometrics.updateToken(null).catch(() => {});
}
