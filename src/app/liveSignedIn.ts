import type { KyInstance } from 'ky';
import { createAddressBookApi } from '../api/addressBook';
import { createContactsApi } from '../api/contacts';
import { createBuyApi } from '../api/buy';
import { publicHttp } from '../api/http';
import { createNotificationsApi } from '../api/notifications';
import { createPasscodeApi } from '../api/passcode';
import { createPricesApi } from '../api/prices';
import { createSellApi } from '../api/sell';
import { createSendApi } from '../api/send';
import { createSessionsApi } from '../api/sessions';
import { createSwapApi } from '../api/swap';
import { createUserApi } from '../api/userProfile';
import { createWalletApi } from '../api/wallet';
import type { Apis } from '../api/apis';

/**
 * The live signed-in part, downloaded on the first sign-in or with the signed-in area (createServices):
 * the gateway's authenticated calls and the factory of the profile, catalogue and balance actors, none of
 * which the sign-in screens need.
 */
export { createSignedInServices as createSignedIn } from './signedIn';
export const http = publicHttp;
// The connectivity actor is signed-in only (the sign-in screens show no offline banner): so is the page's network.
export { pageNetwork as network } from './network';
// The browser's clipboard, share sheet and biometrics are only the signed-in screens' (src/platform/webDevice.ts).
export { webDevice as device } from '../platform/webDevice';

export function apis(authHttp: KyInstance): Apis {
  return {
    user: createUserApi(authHttp),
    wallet: createWalletApi(authHttp),
    passcode: createPasscodeApi(authHttp),
    send: createSendApi(authHttp),
    swap: createSwapApi(authHttp),
    sell: createSellApi(authHttp),
    addressBook: createAddressBookApi(authHttp),
    contacts: createContactsApi(authHttp),
    notifications: createNotificationsApi(authHttp),
    sessions: createSessionsApi(authHttp),
    buy: createBuyApi(publicHttp),
    prices: createPricesApi(publicHttp),
  };
}
