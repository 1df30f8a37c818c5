import { useActorRef } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { walletProtectionMachine } from '../../../machines/walletProtection.machine';
import { biometricsMachine } from '../../../machines/biometrics.machine';
import { passcodeVerifyMachine } from '../../../machines/passcodeVerify.machine';
import { passcodeSetMachine } from '../../../machines/passcodeSet.machine';
import { passcodeChangeMachine } from '../../../machines/passcodeChange.machine';
import { passcodeDisableMachine } from '../../../machines/passcodeDisable.machine';
import { passcodeRecoveryMachine } from '../../../machines/passcodeRecovery.machine';
import { passcodeMessages } from '../passcode/messages';
import { faceIdStore } from './faceIdStore';
import { protectionRoutes, useProtectionWiring } from './wiring';
import { WalletProtectionScreen } from './WalletProtectionScreen';
import { PasscodeSetScreen } from './PasscodeSetScreen';
import { PasscodeChangeScreen } from './PasscodeChangeScreen';
import { PasscodeDisableScreen } from './PasscodeDisableScreen';
import { PasscodeRecoveryScreen } from './PasscodeRecoveryScreen';

/*
 * Held passcode (spec §4): codes live only in the context of these page-scoped actors, which stop
 * when the user leaves the page, so no passcode outlives its screen; nothing is ever stored.
 */

/** /settings/wallet-protection */
export function WalletProtectionPage() {
  const w = useProtectionWiring();
  const { t } = useLingui();
  const protection = useActorRef(
    walletProtectionMachine.provide({
      actors: { loadPinCodeActive: w.actors.loadPinCodeActive },
      actions: {
        goToSet: () => w.go(protectionRoutes.set),
        goToDisable: () => w.go(protectionRoutes.disable),
        goToChange: () => w.go(protectionRoutes.change),
      },
    }),
  );
  const biometrics = useActorRef(
    biometricsMachine.provide({
      actors: {
        loadStatus: w.actors.loadBiometryStatus,
        requestAccess: w.actors.requestBiometryAccess,
        storeToken: w.actors.storeBiometricToken,
        confirmPasscode: passcodeVerifyMachine.provide({
          actors: { submitPasscode: w.actors.validateForToken },
          actions: { haptic: w.haptic },
        }),
      },
      actions: {
        persistEnabled: () => faceIdStore.enable(),
        persistDisabled: () => w.actors.forgetBiometrics(),
        openSettings: () => w.platform.biometrics.openSettings(),
        reportFailed: () => w.errorToast(t`Could not turn on biometrics. Please try again.`),
      },
    }),
    { input: { enabled: faceIdStore.enabled() } },
  );
  return <WalletProtectionScreen protection={protection} biometrics={biometrics} canRecover={w.platform.isTelegram} />;
}

/** /settings/wallet-protection/set */
export function PasscodeSetPage() {
  const w = useProtectionWiring();
  const actor = useActorRef(
    passcodeSetMachine.provide({
      actors: { enablePasscode: w.actors.enablePasscode, updateBiometricToken: w.actors.updateBiometricToken },
      actions: {
        markValid: () => w.actors.markPasscodeActive(true),
        goToProtection: () => w.go(protectionRoutes.home),
        haptic: w.haptic,
      },
    }),
  );
  return <PasscodeSetScreen actorRef={actor} />;
}

/** /settings/wallet-protection/change */
export function PasscodeChangePage() {
  const w = useProtectionWiring();
  const actor = useActorRef(
    passcodeChangeMachine.provide({
      actors: {
        loadPinCodeActive: w.actors.loadPinCodeActive,
        // The current code may come from the biometric token, as on every passcode step (spec §4).
        verify: passcodeVerifyMachine.provide({
          actors: { submitPasscode: w.actors.validateForToken, unlockWithBiometrics: w.actors.unlockWithBiometrics },
          actions: { haptic: w.haptic },
          guards: { biometricsOn: () => faceIdStore.enabled() },
        }),
        changePasscode: w.actors.changePasscode,
        updateBiometricToken: w.actors.updateBiometricToken,
      },
      actions: {
        goToProtection: () => w.go(protectionRoutes.home),
        goToSet: () => w.go(protectionRoutes.set),
        haptic: w.haptic,
      },
    }),
  );
  return <PasscodeChangeScreen actorRef={actor} />;
}

/** /settings/wallet-protection/disable */
export function PasscodeDisablePage() {
  const w = useProtectionWiring();
  const { i18n } = useLingui();
  const actor = useActorRef(
    passcodeDisableMachine.provide({
      actors: {
        loadPinCodeActive: w.actors.loadPinCodeActive,
        verify: passcodeVerifyMachine.provide({
          actors: { submitPasscode: w.actors.disablePasscode, unlockWithBiometrics: w.actors.unlockWithBiometrics },
          actions: { haptic: w.haptic },
          guards: { biometricsOn: () => faceIdStore.enabled() },
        }),
      },
      actions: {
        markDisabled: () => {
          w.actors.markPasscodeActive(false);
          w.actors.forgetBiometrics();
        },
        goToProtection: () => w.go(protectionRoutes.home),
        goToSet: () => w.go(protectionRoutes.set),
        reportFailed: () => w.errorToast(i18n._(passcodeMessages.somethingWentWrong)),
      },
    }),
  );
  return <PasscodeDisableScreen actorRef={actor} />;
}

/** /settings/wallet-protection/recover: Telegram recovery of a blocked passcode. */
export function PasscodeRecoveryPage() {
  const w = useProtectionWiring();
  const actor = useActorRef(
    passcodeRecoveryMachine.provide({
      actors: { recoverPasscode: w.actors.recoverPasscode, readLaunch: w.actors.readLaunch },
      actions: {
        passcodeReset: (_, { holdUntil }) => {
          if (holdUntil) w.actors.markPasscodeReset(holdUntil);
        },
        closeApp: () => w.platform.close?.(),
        goHome: () => w.goHome(),
        haptic: w.haptic,
      },
    }),
  );
  return <PasscodeRecoveryScreen actorRef={actor} canClose={Boolean(w.platform.close)} />;
}
