import { fromPromise } from 'xstate';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BiometryStatus } from '../../../machines/biometrics.machine';
import type { Launch } from '../../../machines/passcodeRecovery.machine';
import { initDataAgeSeconds } from '../../platform/initDataAge';
import type { PasscodeApi } from '../../api/passcode';
import type { Platform } from '../../platform/types';
import { faceIdStore } from './faceIdStore';

export type ProtectionDeps = {
  platform: Platform;
  api: PasscodeApi;
  /** Whether the signed-in user has a passcode (the profile's pinCodeActive). */
  pinCodeActive: () => Promise<boolean>;
  /** Tells the profile what a successful enable/disable changed, so every screen agrees at once. */
  passcodeChanged: (active: boolean) => void;
  /** Tells the profile a recovery set a new passcode and until when money is held. */
  passcodeReset: (holdUntil: string) => void;
};

/** Translated when the messenger asks, so a language switch is honoured. */
const biometryReason = msg`Confirm with biometrics to use your wallet passcode`;

/**
 * Real actor logic and side effects for the wallet-protection machines (spec §7 passcode calls,
 * the messenger's biometry). Codes pass through as actor input only; nothing is stored.
 */
export function createProtectionActors({
  platform,
  api,
  pinCodeActive,
  passcodeChanged,
  passcodeReset,
}: ProtectionDeps) {
  const reason = () => i18n._(biometryReason);
  const updateBiometricToken = fromPromise<void, { code: string }>(async ({ input }) => {
    // Spec §4: only when biometric access was granted (and so only on iOS inside the messenger).
    const status = await platform.biometrics.status();
    if (status?.accessGranted) await platform.biometrics.updateToken(input.code);
  });
  return {
    loadPinCodeActive: fromPromise<boolean>(() => pinCodeActive()),
    enablePasscode: fromPromise<void, { code: string }>(({ input }) => api.enable(input.code)),
    changePasscode: fromPromise<void, { oldCode: string; code: string }>(({ input }) =>
      api.change(input.oldCode, input.code),
    ),
    disablePasscode: fromPromise<void, { code: string }>(({ input }) => api.disable(input.code)),
    /** Validate, then hand the code on (it becomes the biometric token). */
    validateForToken: fromPromise<string, { code: string }>(async ({ input }) => {
      await api.validate(input.code);
      return input.code;
    }),
    updateBiometricToken,
    /** Telegram recovery with the launch's init data (the page sends the user to reopen the app when it is old). */
    recoverPasscode: fromPromise<{ holdUntil: string }, { code: string }>(async ({ input }) => {
      if (!platform.initData) throw Object.assign(new Error('No Telegram init data'), { code: 'TG_RECOVERY_INVALID' });
      const answer = await api.recoverWithTelegram(platform.initData, input.code);
      // The old code may be the device's biometric token: the new one replaces it where access was granted.
      await platform.biometrics
        .status()
        .then((s) => (s?.accessGranted ? platform.biometrics.updateToken(input.code) : undefined))
        .catch(() => {});
      return { holdUntil: answer.passcodeResetHoldUntil };
    }),
    markPasscodeReset: (holdUntil: string) => passcodeReset(holdUntil),
    readLaunch: fromPromise<Launch>(async () => ({
      initDataAgeSeconds: platform.isTelegram ? initDataAgeSeconds(platform.initData) : null,
    })),
    loadBiometryStatus: fromPromise<BiometryStatus | null>(() => platform.biometrics.status()),
    requestBiometryAccess: fromPromise<boolean>(() => platform.biometrics.requestAccess(reason())),
    storeBiometricToken: fromPromise<void, { token: string }>(({ input }) =>
      platform.biometrics.updateToken(input.token),
    ),
    unlockWithBiometrics: fromPromise<string | null>(() => platform.biometrics.authenticate(reason())),
    /** After enable/disable the profile agrees with the server (home's protection prompt, send's passcode step). */
    markPasscodeActive: (active: boolean) => passcodeChanged(active),
    /** A disabled passcode takes biometrics with it: no flag, no token left on the device. */
    forgetBiometrics(): void {
      faceIdStore.disable();
      void platform.biometrics.updateToken(null).catch(() => {});
    },
  };
}

export type ProtectionActors = ReturnType<typeof createProtectionActors>;
