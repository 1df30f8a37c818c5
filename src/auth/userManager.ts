import type { UserManager } from 'oidc-client-ts';
import { appConfig } from '../config';
import { deviceId } from './deviceId';

let instance: Promise<UserManager> | undefined;
const readyListeners: ((manager: UserManager) => void)[] = [];

/**
 * The OIDC library is loaded on first use, not with the sign-in screens: a signed-out visitor
 * needs it only when they press "Log in". Spec §9: user and login state live in localStorage;
 * silent renew is off (start-up and the 401 rule renew).
 */
export function getUserManager(): Promise<UserManager> {
  instance ??= import('oidc-client-ts').then(({ UserManager, WebStorageStateStore }) => {
    const manager = new UserManager({
      authority: appConfig.oidcAuthority,
      client_id: appConfig.oidcClientId,
      redirect_uri: `${window.location.origin}/`,
      post_logout_redirect_uri: `${window.location.origin}/auth/login`,
      scope: appConfig.oidcScope,
      automaticSilentRenew: false,
      monitorSession: false,
      userStore: new WebStorageStateStore({ store: window.localStorage }),
      stateStore: new WebStorageStateStore({ store: window.localStorage }),
      // Issue 24: the password sign-in names this device, so the gateway can tell the owner of a new one.
      extraTokenParams: { device_id: deviceId() },
    });
    readyListeners.forEach((listen) => listen(manager));
    return manager;
  });
  return instance;
}

/** Runs once the manager exists (e.g. to subscribe to its events) without forcing it to load. */
export function onUserManagerReady(listen: (manager: UserManager) => void): void {
  readyListeners.push(listen);
}
