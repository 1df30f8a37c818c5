import type { AddressBookApi } from './addressBook';
import type { BuyApi } from './buy';
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
  /** Sign out of all devices. */
  sessions: SessionsApi;
  /** Tokenless (spec §6): built on the public client. */
  buy: BuyApi;
  /** Price charts, tokenless like the rates. */
  prices: PricesApi;
};
