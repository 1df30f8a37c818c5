import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useServices } from '../../app/context';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { assetMessages } from './messages';
import { createAssetActors } from './services';

const assetActors = (deps: FeatureDeps) => createAssetActors({ ...deps, api: deps.api.wallet });

/** Live actors and the toasts the asset screens raise, from the app services. */
export function useAssetWiring() {
  const { platform, showToast } = useServices();
  const actors = useFeatureActors(assetActors);
  const { i18n } = useLingui();
  const toasts = useMemo(
    () => ({
      addressCopied: () => showToast({ kind: 'success', message: i18n._(assetMessages.addressCopied) }),
      hashCopied: () => showToast({ kind: 'success', message: i18n._(assetMessages.hashCopied) }),
      copyFailed: () => showToast({ kind: 'error', message: i18n._(assetMessages.copyFailed) }),
      shareFailed: () => showToast({ kind: 'error', message: i18n._(assetMessages.shareFailed) }),
    }),
    [i18n, showToast],
  );
  return { actors, toasts, platform };
}

/** Route params as strings (pages read them with `useParams({ strict: false })`). */
export const param = (params: Record<string, unknown>, key: string) => {
  const value = params[key];
  return typeof value === 'string' ? value : '';
};
