import { msg } from '@lingui/core/macro';

export const buyMessages = {
  somethingWentWrong: msg({ id: 'common_something_went_wrong', message: 'Something went wrong...' }),
  keyFailed: msg`Could not prepare the order. Please try again.`,
};
