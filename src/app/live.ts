import { publicHttp } from '../api/http';
import { createAddressBookApi } from '../api/addressBook';
import { authFormsApi } from '../api/authForms';
import { createPasscodeApi } from '../api/passcode';
import { createSendApi } from '../api/send';
import { createUserApi } from '../api/userProfile';
import { createWalletApi } from '../api/wallet';
import { createOidcAuth } from '../auth/oidcAuth';
import type { LaunchInfo } from '../platform/launch';
import type { Platform } from '../platform/types';
import { applyLanguage, applyTheme, preferenceStore } from './applyPreferences';
import { clientStore } from './clientStore';
import { createServices, type AppServices } from './services';

/** The real world for createServices: the gateway, the identity provider, the page, its storage. */
export function createLiveServices(launch: LaunchInfo, platform: Platform): AppServices {
  return createServices({
    platform,
    env: { production: import.meta.env.PROD },
    http: publicHttp,
    apis: (authHttp) => ({
      user: createUserApi(authHttp),
      wallet: createWalletApi(authHttp),
      passcode: createPasscodeApi(authHttp),
      send: createSendApi(authHttp),
      addressBook: createAddressBookApi(authHttp),
      authForms: authFormsApi,
    }),
    auth: createOidcAuth(launch, platform),
    storage: { preferences: preferenceStore, client: clientStore },
    ui: {
      applyTheme: (dark) => applyTheme(dark, platform),
      applyLanguage: (language) => void applyLanguage(language),
    },
  });
}
