import { emailDomain } from './validation';

/** Webmail front doors for the providers our users mostly have; the rest get their own domain. */
const MAIL_SITES: ReadonlyArray<[readonly string[], string]> = [
  [['gmail.com', 'googlemail.com'], 'https://mail.google.com'],
  [['yandex.ru', 'ya.ru', 'yandex.com', 'yandex.by', 'yandex.kz'], 'https://mail.yandex.ru'],
  [['mail.ru', 'bk.ru', 'inbox.ru', 'list.ru', 'internet.ru'], 'https://e.mail.ru'],
  [['outlook.com', 'hotmail.com', 'live.com', 'msn.com'], 'https://outlook.live.com'],
  [['icloud.com', 'me.com', 'mac.com'], 'https://www.icloud.com/mail'],
];

/** Outlook, Hotmail and Live also come with country endings (hotmail.co.uk, live.ru, outlook.de). */
const MICROSOFT = /^(outlook|hotmail|live)\.[a-z.]+$/;

/** Where "Open mail" goes for an address, or null when the address has no usable domain. */
export function mailSiteFor(email: string): string | null {
  const domain = emailDomain(email);
  if (!domain || !domain.includes('.')) return null;
  const known = MAIL_SITES.find(([domains]) => domains.includes(domain));
  if (known) return known[1];
  if (MICROSOFT.test(domain)) return 'https://outlook.live.com';
  return `https://${domain}`;
}
