import type { Mail } from './mailer.js';

export function confirmationMail(to: string, publicUrl: string, code: string): Mail {
  const link = `${publicUrl}/auth/signup/confirm/${code}`;
  return {
    to,
    subject: 'Confirm your e-mail address',
    text: [
      'Welcome to Wallet!',
      '',
      'Please confirm your e-mail address by opening this link:',
      link,
      '',
      'The link is valid for 24 hours. If you did not sign up, you can ignore this message.',
    ].join('\n'),
    links: [link],
  };
}

export function passwordResetMail(to: string, publicUrl: string, code: string): Mail {
  const link = `${publicUrl}/auth/forgot/${code}`;
  return {
    to,
    subject: 'Reset your password',
    text: [
      'We received a request to reset your Wallet password.',
      '',
      'Choose a new password by opening this link:',
      link,
      '',
      'The link is valid for 1 hour and works once. If you did not ask for it, you can ignore this message.',
    ].join('\n'),
    links: [link],
  };
}
