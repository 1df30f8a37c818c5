import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useServices } from '../../app/services';
import type { HapticKind } from '../../platform/types';
import { showToast } from '../../ui/toast';
import { createProtectionActors } from './live';

export const protectionRoutes = {
  home: '/settings/wallet-protection',
  set: '/settings/wallet-protection/set',
  change: '/settings/wallet-protection/change',
  disable: '/settings/wallet-protection/disable',
} as const;

/** Live actors, navigation, haptics and toasts for the wallet-protection pages, from the app services. */
export function useProtectionWiring() {
  const { platform } = useServices();
  const navigate = useNavigate();
  const { t } = useLingui();
  const reason = t`Confirm with biometrics to use your wallet passcode`;
  const actors = useMemo(() => createProtectionActors(platform, reason), [platform, reason]);
  return {
    platform,
    actors,
    go: (to: string) => void navigate({ to }),
    haptic: (_: unknown, params: { kind: HapticKind }) => platform.haptic(params.kind),
    errorToast: (message: string) => showToast({ kind: 'error', message }),
    successToast: (message: string) => showToast({ kind: 'success', message }),
  };
}
