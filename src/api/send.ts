import type { KyInstance } from 'ky';
import type { AddressCheck, WithdrawalRequest } from '../../contracts/send';
import type { Transaction } from '../../contracts/wallet';

export type { AddressCheck, WithdrawalRequest } from '../../contracts/send';

/** Spec §7: the preliminary fee is asked for a fixed amount of 100. */
export const FEE_PROBE_AMOUNT = '100';

const wallet = 'b2c-wallet';

/** The fee as a decimal string, whether the gateway answers `{ fee: "0.0001" }`, "0.0001" or 0.0001. */
export function feeOf(body: unknown): string {
  const value = typeof body === 'object' && body !== null ? (body as { fee?: unknown }).fee : body;
  if (typeof value === 'string' && /^\d+(?:\.\d+)?$/.test(value.trim())) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    return value.toFixed(8).replace(/0+$/, '').replace(/\.$/, '');
  }
  throw Object.assign(new Error('Unexpected fee answer'), { code: 'BAD_FEE' });
}

/** Spec §7 Send calls. */
export const createSendApi = (authHttp: KyInstance) => ({
  checkAddress: (account: string, currency: string, address: string) =>
    authHttp
      .post(`${wallet}/${account}/withdrawal/check-address`, { json: { currency, address } })
      .json<AddressCheck>(),
  async preliminaryFee(account: string, currency: string, depositAddress: string): Promise<string> {
    const body = await authHttp
      .post(`${wallet}/${account}/withdrawal/preliminary/fee`, {
        json: { currency, amount: FEE_PROBE_AMOUNT, depositAddress },
      })
      .json<unknown>();
    return feeOf(body);
  },
  /**
   * The `pincode` header is omitted when empty (spec §7). The request is never retried here except by
   * the 401 re-authentication, which sends the same body, so the same idempotency key.
   */
  withdraw: (account: string, request: WithdrawalRequest, pincode = '') =>
    authHttp
      .post(`${wallet}/${account}/withdrawal`, { json: request, headers: pincode ? { pincode } : undefined })
      .json<Transaction>(),
});

export type SendApi = ReturnType<typeof createSendApi>;
