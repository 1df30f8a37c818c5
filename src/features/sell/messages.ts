import { msg } from '@lingui/core/macro';

/** Spec §5 and §8 sell messages, with the spec's keys where it names one. */
export const sellMessages = {
  onlySber: msg({ id: 'sell_only_sber_error', message: 'RUB payouts are only available to Sberbank cards.' }),
  limit: msg({
    id: 'sell_limit_error',
    message: 'Selling this asset is not possible right now: its minimum is not below its maximum.',
  }),
  unavailable: msg({
    id: 'sell_payouts_unavailable',
    message: 'Payouts are temporarily unavailable. Please try again later.',
  }),
  notEnoughFunds: msg({ id: 'send_error_not_enough_funds', message: 'Not enough funds to make the transaction' }),
  somethingWentWrong: msg({ id: 'common_something_went_wrong', message: 'Something went wrong...' }),
};
