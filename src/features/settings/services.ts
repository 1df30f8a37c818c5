import { fromPromise } from 'xstate';
import type { FeatureDeps } from '../../app/services';

/** Real actor logic for the messenger-connect toggle (spec §7 GET /user/auth, POST /user/tg/code, /user/tg/unlink). */
export function createTelegramLinkActors({ api }: FeatureDeps) {
  return {
    loadLinked: fromPromise<boolean>(async () => (await api.user.getAuthInfo()).tgAuth),
    createCode: fromPromise<{ deepLink: string }>(async () => ({ deepLink: (await api.user.createTelegramCode()).deepLink })),
    unlink: fromPromise<void>(() => api.user.unlinkTelegram()),
  };
}
