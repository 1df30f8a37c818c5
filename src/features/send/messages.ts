import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AddressProblem } from '../../../machines/send.machine';

/** Spec §5 send field messages, with the spec's keys. */
export const addressProblemMessages: Record<AddressProblem, MessageDescriptor> = {
  wrongAddress: msg({ id: 'send_error_wrong_address', message: 'The withdrawal address format is wrong.' }),
  notUsed: msg({ id: 'send_error_address_not_used', message: 'Transfers to this address are not allowed.' }),
  sameUser: msg({ id: 'send_error_same_user', message: "You can't make a transfer to yourself" }),
};

export const sendMessages = {
  notEnoughFunds: msg({ id: 'send_error_not_enough_funds', message: 'Not enough funds to make the transaction' }),
  somethingWentWrong: msg({ id: 'common_something_went_wrong', message: 'Something went wrong...' }),
  addressPasted: msg`Address pasted`,
  pasteFailed: msg`Could not read the clipboard`,
};
