import type { AddressBookApi } from './addressBook';
import type { BuyApi } from './buy';
import type { ContactsApi } from './contacts';
import type { NotificationsApi } from './notifications';
import type { PricesApi } from './prices';
import type { PasscodeApi } from './passcode';
import type { SellApi } from './sell';
import type { SendApi } from './send';
import type { SessionsApi } from './sessions';
import type { SwapApi } from './swap';
import type { UserApi } from './userProfile';
import type { WalletApi } from './wallet';

/** The gateway's calls, grouped as src/api exports them. */
export type Apis = {
  user: UserApi;
  wallet: WalletApi;
  passcode: PasscodeApi;
  send: SendApi;
  sell: SellApi;
  swap: SwapApi;
  addressBook: AddressBookApi;
  /** Issue 25: wallet users by @username or e-mail, and "Let wallet users find me". */
  contacts: ContactsApi;
  /** Issue 24: bot and e-mail notification preferences. */
  notifications: NotificationsApi;
  /** Sign out of all devices. */
  sessions: SessionsApi;
  /** Tokenless (spec §6): built on the public client. */
  buy: BuyApi;
  /** Price charts, tokenless like the rates. */
  prices: PricesApi;
};
