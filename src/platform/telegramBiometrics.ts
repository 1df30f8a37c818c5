import { biometry } from '@telegram-apps/sdk';
import type { Biometrics, BiometryStatus } from './types';

/** Guide §5: a biometry init that never answers must not hang the settings screen. */
const MOUNT_TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Biometry init timed out')), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/**
 * The messenger's biometry manager (spec §4: iOS only). `status()` mounts it once; every other call
 * mounts first too, so a toggle pressed before the status arrived still works.
 */
export function createTelegramBiometrics(isIos: boolean): Biometrics {
  let mounted: Promise<boolean> | null = null;
  const mount = (): Promise<boolean> => {
    if (!mounted) {
      mounted = (async () => {
        if (!isIos || !biometry.isSupported() || !biometry.mount.isAvailable()) return false;
        if (!biometry.isMounted()) await withTimeout(Promise.resolve(biometry.mount(undefined)), MOUNT_TIMEOUT_MS);
        return biometry.isAvailable();
      })().catch(() => {
        mounted = null;
        return false;
      });
    }
    return mounted;
  };
  const require = async () => {
    if (!(await mount())) throw Object.assign(new Error('Biometrics unavailable'), { code: 'BIOMETRY_UNAVAILABLE' });
  };
  return {
    async status(): Promise<BiometryStatus | null> {
      if (!(await mount())) return null;
      const state = biometry.state();
      return { accessRequested: state.accessRequested, accessGranted: state.accessGranted };
    },
    async requestAccess(reason) {
      await require();
      return biometry.requestAccess({ reason });
    },
    async updateToken(token) {
      await require();
      await biometry.updateToken(token ? { token } : {});
    },
    async authenticate(reason) {
      await require();
      const { status, token } = await biometry.authenticate({ reason });
      return status === 'authorized' && token ? token : null;
    },
    openSettings() {
      biometry.openSettings.ifAvailable();
    },
  };
}
