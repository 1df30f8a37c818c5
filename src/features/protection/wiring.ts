import { useNavigate } from '@tanstack/react-router';
import { useServices } from '../../app/context';
import { useSignedInServices } from '../../app/signedInContext';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import type { HapticKind } from '../../platform/types';
import { createProtectionActors } from './services';

const protectionActors = (deps: FeatureDeps) => createProtectionActors({ ...deps, api: deps.api.passcode });

export const protectionRoutes = {
  home: '/settings/wallet-protection',
  set: '/settings/wallet-protection/set',
  change: '/settings/wallet-protection/change',
  disable: '/settings/wallet-protection/disable',
  recover: '/settings/wallet-protection/recover',
} as const;

export type ProtectionRoute = (typeof protectionRoutes)[keyof typeof protectionRoutes];

/** Live actors, navigation, haptics and toasts for the wallet-protection pages, from the app services. */
export function useProtectionWiring() {
  const { showToast } = useServices();
  // The signed-in platform: in a browser, its biometrics come with the signed-in part (src/platform/webDevice.ts).
  const { platform } = useSignedInServices().features;
  const protection = useFeatureActors(protectionActors);
  const navigate = useNavigate();
  return {
    platform,
    actors: protection,
    go: (to: ProtectionRoute) => void navigate({ to }),
    goHome: () => void navigate({ to: '/home' }),
    haptic: (_: unknown, params: { kind: HapticKind }) => platform.haptic(params.kind),
    errorToast: (message: string) => showToast({ kind: 'error', message }),
    successToast: (message: string) => showToast({ kind: 'success', message }),
  };
}
