import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { appConfig } from '../config';

let instance: UserManager | undefined;

/** Spec §9: user and login state live in localStorage; silent renew is off (start-up and the 401 rule renew). */
export function getUserManager(): UserManager {
  instance ??= new UserManager({
    authority: appConfig.oidcAuthority,
    client_id: appConfig.oidcClientId,
    redirect_uri: `${window.location.origin}/`,
    post_logout_redirect_uri: `${window.location.origin}/auth/login`,
    scope: appConfig.oidcScope,
    automaticSilentRenew: false,
    monitorSession: false,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
  });
  return instance;
}
