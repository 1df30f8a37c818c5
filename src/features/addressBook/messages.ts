import { msg } from '@lingui/core/macro';

export const addressBookMessages = {
  wrongAddress: msg({ id: 'address_book_error_wrong_address', message: 'Address format is wrong.' }),
  rejectedAddress: msg`This address is not valid on the chosen network. Check it character by character.`,
  added: msg({ id: 'address_book_added', message: 'Address added' }),
  deleted: msg({ id: 'address_book_deleted', message: 'Address deleted' }),
  renamed: msg`Name saved`,
  pasted: msg`Address pasted`,
  pasteFailed: msg`Could not read the clipboard`,
  somethingWentWrong: msg({ id: 'common_something_went_wrong', message: 'Something went wrong...' }),
};
