import { msg } from '@lingui/core/macro';

/** Spec §5 and §8 swap messages, with the spec's keys where it names them. */
export const swapMessages = {
  minLimit: msg({ id: 'swap_min_limit_error', message: 'Min amount limit is: {amount} {currency}' }),
  maxLimit: msg({ id: 'swap_max_limit_error', message: 'Max amount limit is: {amount} {currency}' }),
  notEnough: msg({ id: 'swap_not_enough', message: 'Not enough funds to make the swap' }),
  somethingWentWrong: msg({ id: 'common_something_went_wrong', message: 'Something went wrong...' }),
  expired: msg({ id: 'swap_expired', message: 'The rate has expired. Update the rate to get a new one.' }),
};
