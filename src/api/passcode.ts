import type { KyInstance } from 'ky';
import type { PasscodeRecovered } from '../../contracts/user';

const base = 'b2c-user-management/user/pinCode';

/** Spec §6: the passcode travels in a `pincode` header, omitted when empty. */
export const pincodeHeader = (code: string | null | undefined): Record<string, string> =>
  code ? { pincode: code } : {};

/**
 * The passcode calls (spec §7 user management). Failures are ApiErrors with `code` B2C_USM0031
 * (wrong, with `attemptsLeft`), B2C_USM0030 (wait, with `waitSeconds`) or B2C_USM0032 (blocked), else the server message.
 */
export const createPasscodeApi = (authHttp: KyInstance) => ({
  async enable(pinCode: string): Promise<void> {
    await authHttp.post(`${base}/enable`, { json: { pinCode } });
  },
  async validate(pinCode: string): Promise<void> {
    await authHttp.post(`${base}/validate`, { headers: pincodeHeader(pinCode) });
  },
  async change(oldPinCode: string, pinCode: string): Promise<void> {
    await authHttp.post(`${base}/change`, { headers: pincodeHeader(oldPinCode), json: { pinCode } });
  },
  async disable(pinCode: string): Promise<void> {
    await authHttp.post(`${base}/disable`, { headers: pincodeHeader(pinCode) });
  },
  /** Telegram recovery of a blocked passcode: fresh init data of the linked Telegram account and the new code. */
  recoverWithTelegram: (initData: string, pinCode: string) =>
    authHttp.post(`${base}/recover/tg`, { json: { initData, pinCode } }).json<PasscodeRecovered>(),
});

export type PasscodeApi = ReturnType<typeof createPasscodeApi>;
