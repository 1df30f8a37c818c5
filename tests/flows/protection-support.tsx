/** Mounts the wallet-protection screen around its two machines, with fake actors. */
import { createActor, fromPromise, type AnyActorLogic } from 'xstate';
import { walletProtectionMachine } from '../../machines/walletProtection.machine';
import { biometricsMachine } from '../../machines/biometrics.machine';
import { passcodeVerifyMachine } from '../../machines/passcodeVerify.machine';
import { WalletProtectionScreen } from '../../src/features/protection/WalletProtectionScreen';
import { renderInRouter } from '../support/router';

type Options = {
  loadPinCodeActive: AnyActorLogic;
  biometrics?: Partial<Record<'loadStatus' | 'requestAccess' | 'storeToken' | 'validate', AnyActorLogic>>;
  enabled?: boolean;
};

const never = () => fromPromise(() => new Promise<never>(() => {}));

export async function mountProtection({ loadPinCodeActive, biometrics = {}, enabled = false }: Options) {
  const notes: string[] = [];
  const broken = { haptics: false };
  const note = (what: string) => () => void notes.push(what);
  const protection = createActor(
    walletProtectionMachine.provide({
      actors: { loadPinCodeActive: loadPinCodeActive as never },
      actions: { goToSet: note('set'), goToDisable: note('disable'), goToChange: note('change') },
    }),
  ).start();
  const bio = createActor(
    biometricsMachine.provide({
      actors: {
        loadStatus: (biometrics.loadStatus ?? fromPromise(async () => null)) as never,
        requestAccess: (biometrics.requestAccess ?? never()) as never,
        storeToken: (biometrics.storeToken ?? never()) as never,
        confirmPasscode: passcodeVerifyMachine.provide({
          actors: { submitPasscode: (biometrics.validate ?? never()) as never },
          actions: {
            haptic: () => {
              if (broken.haptics) throw new Error('haptics crashed');
            },
          },
        }),
      },
      actions: {
        persistEnabled: note('flag on'),
        persistDisabled: note('flag off'),
        openSettings: note('open settings'),
        reportFailed: note('failed'),
      },
    }),
    { input: { enabled } },
  ).start();
  const view = await renderInRouter(<WalletProtectionScreen protection={protection} biometrics={bio} />, {
    path: '/settings/wallet-protection',
  });
  return { protection, biometrics: bio, notes, broken, view };
}
