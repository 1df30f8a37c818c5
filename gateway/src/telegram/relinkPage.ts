/**
 * The page a mailed Telegram re-link confirmation opens (GET /b2c-user-management/tg/relink/{code}).
 * Opening it changes nothing (mail scanners open links too): its one button posts the form, and the
 * POST answers with the outcome page. English or Russian from Accept-Language; served under the
 * gateway's CSP (form-action 'self', inline styles allowed, no script).
 */
export type RelinkPageLang = 'en' | 'ru';

export const relinkPageLang = (acceptLanguage: string | undefined): RelinkPageLang =>
  (acceptLanguage ?? '').trim().slice(0, 2).toLowerCase() === 'ru' ? 'ru' : 'en';

const TEXT = {
  en: {
    title: 'Link another Telegram account',
    ask: (name: string) =>
      `Link the Telegram account ${name} to your wallet in place of the one linked now? Every device signed in to your wallet will be signed out.`,
    notYou: 'If you did not ask for this, do not press the button: reset your password instead.',
    confirm: 'Link this Telegram account',
    done: (name: string) =>
      `Done: the Telegram account ${name} is now linked to your wallet. Sign in again on your devices.`,
    doneTitle: 'Telegram account linked',
    failedTitle: 'This link cannot be used',
    TG_RELINK_CODE_EXPIRED:
      'This confirmation link has expired (links last 10 minutes). Ask for a new one in the wallet.',
    TG_RELINK_CODE_USED: 'This confirmation link was already used.',
    TG_RELINK_CODE_INVALID: 'This confirmation link is not valid.',
    B2C_USM0026: 'That Telegram account is linked to another wallet by now.',
    other: 'Something went wrong. Try again later.',
  },
  ru: {
    title: 'Привязать другой аккаунт Telegram',
    ask: (name: string) =>
      `Привязать к кошельку аккаунт Telegram ${name} вместо привязанного сейчас? Все устройства, где выполнен вход в кошелёк, выйдут из него.`,
    notYou: 'Если вы этого не запрашивали, не нажимайте кнопку, а смените пароль.',
    confirm: 'Привязать этот аккаунт Telegram',
    done: (name: string) =>
      `Готово: аккаунт Telegram ${name} привязан к кошельку. Войдите заново на своих устройствах.`,
    doneTitle: 'Аккаунт Telegram привязан',
    failedTitle: 'Эту ссылку нельзя использовать',
    TG_RELINK_CODE_EXPIRED: 'Срок действия ссылки истёк (ссылка действует 10 минут). Запросите новую в кошельке.',
    TG_RELINK_CODE_USED: 'Эта ссылка уже использована.',
    TG_RELINK_CODE_INVALID: 'Эта ссылка недействительна.',
    B2C_USM0026: 'Этот аккаунт Telegram уже привязан к другому кошельку.',
    other: 'Что-то пошло не так. Попробуйте позже.',
  },
} as const;

type Failure = 'TG_RELINK_CODE_EXPIRED' | 'TG_RELINK_CODE_USED' | 'TG_RELINK_CODE_INVALID' | 'B2C_USM0026';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE =
  ':root{color-scheme:light dark}body{margin:0;font:16px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}' +
  'main{max-width:540px;margin:0 auto;padding:16px}h1{font-size:22px}' +
  'button{width:100%;font:inherit;font-weight:600;border:0;border-radius:12px;padding:14px;cursor:pointer;background:#202025;color:#fff}' +
  '@media (prefers-color-scheme:dark){body{background:#202025;color:#fff}button{background:#fff;color:#202025}}' +
  ':focus-visible{outline:2px solid #4b5bdb;outline-offset:2px}';

function layout(lang: RelinkPageLang, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

const nameOf = (tg: { id: number; username?: string | null }) => (tg.username ? `@${tg.username}` : `id ${tg.id}`);

export function relinkAskPage(
  lang: RelinkPageLang,
  action: string,
  tg: { id: number; username?: string | null },
): string {
  const t = TEXT[lang];
  return layout(
    lang,
    t.title,
    `<p>${escapeHtml(t.ask(nameOf(tg)))}</p><p>${escapeHtml(t.notYou)}</p>` +
      `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t.confirm)}</button></form>`,
  );
}

export function relinkDonePage(lang: RelinkPageLang, tg: { id: number; username?: string | null }): string {
  const t = TEXT[lang];
  return layout(lang, t.doneTitle, `<p>${escapeHtml(t.done(nameOf(tg)))}</p>`);
}

export function relinkFailedPage(lang: RelinkPageLang, code: string): string {
  const t = TEXT[lang];
  const text = code in t ? t[code as Failure] : t.other;
  return layout(lang, t.failedTitle, `<p>${escapeHtml(text)}</p>`);
}
