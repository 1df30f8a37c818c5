import type { ChainAdapter } from '../chain/adapter.js';
import { parseAmount } from '../wallet/amounts.js';
import { findCoin } from '../wallet/catalogue.js';

/**
 * Sandbox network fees, charged in the asset sent (a custodial wallet pays the real gas or miner
 * fee from its hot wallet and recovers it this way). Plausible figures per network; a real
 * deployment would quote them from the adapter's fee estimate instead.
 */
export const NETWORK_FEES: Readonly<Record<string, string>> = {
  BTC: '0.00002',
  ETH: '0.0004',
  USDT_ETH: '2.5',
  TRX: '1.1',
  USDT_TRX: '1',
  TON: '0.01',
  LTC: '0.0001',
  DOGE: '1',
};

/** The fee of one external send in minor units of `currency`; an internal transfer costs nothing. */
export function networkFee(currency: string): bigint {
  const coin = findCoin(currency);
  const fee = NETWORK_FEES[currency];
  if (!coin || fee === undefined) throw new Error(`No network fee for ${currency}`);
  return parseAmount(fee, { decimals: coin.decimals });
}

/**
 * The fee of one external send now: the network adapter's live estimate when it gives one (ETH on a
 * real node: gas × the EIP-1559 fee cap), else the flat fee above. An estimate that fails (the node
 * is unreachable) falls back to the flat fee rather than refusing the send.
 */
export async function currentNetworkFee(
  currency: string,
  adapters: ReadonlyMap<string, Pick<ChainAdapter, 'estimateFee'>>,
): Promise<bigint> {
  const network = findCoin(currency)?.network;
  const live = await adapters
    .get(network ?? '')
    ?.estimateFee?.(currency)
    .catch(() => undefined);
  return live ?? networkFee(currency);
}
