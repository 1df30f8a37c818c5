import type { Mail } from './mailer.js';
import type { SecurityDetail, SecurityEventKind } from '../security/kinds.js';

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

const NOTICES: Record<SecurityEventKind, { subject: string; body: (d: SecurityDetail) => string }> = {
  password_reset: {
    subject: 'Your password was reset',
    body: () =>
      'Your Wallet password was just reset. Every device was signed out, the passcode was removed and money cannot leave the wallet for a while.',
  },
  passcode_recovered: {
    subject: 'Your passcode was reset',
    body: () =>
      'Your Wallet passcode was just reset from Telegram. Every device was signed out and money cannot leave the wallet for a while.',
  },
  sessions_revoked: {
    subject: 'You signed out of all devices',
    body: () => 'Every device signed in to your Wallet was signed out.',
  },
  telegram_linked: {
    subject: 'Telegram was linked to your wallet',
    body: (d) => `The Telegram account ${telegramName(d)} can now open your Wallet.`,
  },
  telegram_unlinked: {
    subject: 'Telegram was unlinked from your wallet',
    body: (d) => `The Telegram account ${telegramName(d)} can no longer open your Wallet.`,
  },
  telegram_relinked: {
    subject: 'Another Telegram account was linked to your wallet',
    body: (d) => `The Telegram account ${telegramName(d)} replaced the one linked before. Every device was signed out.`,
  },
  telegram_link_refused: {
    subject: 'A Telegram link to your wallet was refused',
    body: (d) =>
      `Someone signed in to your Wallet tried to link the Telegram account ${telegramName(d)}, and was refused (${String(d.reason ?? 'no proof')}).`,
  },
  // Mailed through the notification outbox (notifications/messages.ts), in the user's language; this
  // wording is only for a caller of securityNoticeMail.
  new_device_sign_in: {
    subject: 'New sign-in to your wallet',
    body: (d) =>
      `Someone signed in to your Wallet from a new device (${[d.browser, d.os].filter(Boolean).join(', ') || 'unknown'}).`,
  },
  telegram_relink_requested: {
    subject: 'Confirm the new Telegram account',
    body: (d) =>
      `Someone signed in to your Wallet asked to link the Telegram account ${telegramName(d)} in place of the current one.`,
  },
};

const telegramName = (d: SecurityDetail) => {
  if (d.username) return `@${String(d.username)}`;
  // A link code is refused before any Telegram account is chosen.
  return d.telegramUserId == null ? '(not chosen yet: a link code was asked for)' : `id ${String(d.telegramUserId)}`;
};

/** The owner is told of every change of who can reach the account (docs/security.md). */
export function securityNoticeMail(to: string, kind: SecurityEventKind, detail: SecurityDetail, link?: string): Mail {
  const notice = NOTICES[kind];
  return {
    to,
    subject: notice.subject,
    text: [
      notice.body(detail),
      ...(link ? ['', 'Confirm by opening this link (valid for 10 minutes, works once):', link] : []),
      '',
      'If this was not you, reset your password now: it signs every device out.',
    ].join('\n'),
    links: link ? [link] : [],
  };
}
