import type { CardField } from './cards.js';
import type { PaymentSessionState } from './acquirer.js';
import { COINS } from '../../wallet/coins.js';

export type PageLang = 'en' | 'ru';

/**
 * `?lang=` first (what the app passes: `ru`/`en`, also its own `RUS`/`ENG` or a tag like `ru-RU`), then
 * Accept-Language; English is the fallback (spec §1).
 */
export function pageLang(query: string | undefined, acceptLanguage: string | undefined): PageLang {
  const asked = (query ?? '').trim().slice(0, 2).toLowerCase();
  if (asked === 'ru' || asked === 'en') return asked;
  const first = (acceptLanguage ?? '')
    .split(',')
    .map((p) => p.trim().slice(0, 2).toLowerCase())
    .find(Boolean);
  return first === 'ru' ? 'ru' : 'en';
}

const TEXT = {
  en: {
    title: 'Card payment',
    sandbox: 'Sandbox: no real money moves.',
    pay: 'Pay',
    cancel: 'Cancel and return',
    amount: 'Amount',
    purchase: 'You are buying',
    asset: 'Asset',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    holder: 'Cardholder name',
    fixErrors: 'Please check the card details.',
    required: 'Required.',
    invalid: 'This does not look right.',
    expired: 'This card has expired.',
    threeDsTitle: 'Confirm the payment',
    threeDsText: 'Your bank sent a one-time code. Sandbox code: 123456.',
    code: 'Confirmation code',
    confirm: 'Confirm',
    wrongCode: (left: number) => `Wrong code. Tries left: ${left}.`,
    closedTitle: 'Payment page closed',
    expiredText: 'This payment page has expired. Nothing was charged.',
    notFoundText: 'This payment page does not exist (a sandbox restart forgets unpaid payments).',
    doneText: 'This payment is already being processed.',
    back: 'Return to the wallet',
    card: 'Card',
  },
  ru: {
    title: 'Оплата картой',
    sandbox: 'Песочница: настоящие деньги не списываются.',
    pay: 'Оплатить',
    cancel: 'Отменить и вернуться',
    amount: 'Сумма',
    purchase: 'Вы покупаете',
    asset: 'Актив',
    number: 'Номер карты',
    expiry: 'Срок действия (ММ/ГГ)',
    cvc: 'Код безопасности (CVC)',
    holder: 'Имя владельца карты',
    fixErrors: 'Проверьте данные карты.',
    required: 'Обязательное поле.',
    invalid: 'Похоже, здесь ошибка.',
    expired: 'Срок действия карты истёк.',
    threeDsTitle: 'Подтвердите оплату',
    threeDsText: 'Банк отправил одноразовый код. Код песочницы: 123456.',
    code: 'Код подтверждения',
    confirm: 'Подтвердить',
    wrongCode: (left: number) => `Неверный код. Осталось попыток: ${left}.`,
    closedTitle: 'Страница оплаты закрыта',
    expiredText: 'Срок страницы оплаты истёк. Деньги не списаны.',
    notFoundText: 'Такой страницы оплаты нет (после перезапуска песочница забывает неоплаченные платежи).',
    doneText: 'Этот платёж уже обрабатывается.',
    back: 'Вернуться в кошелёк',
    card: 'Карта',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#202025;--muted:#66668a;--surface:#f3f3f7;--accent:#4b5bdb;--error:#bf2c2c}
@media (prefers-color-scheme:dark){:root{--bg:#202025;--fg:#fff;--muted:#b6b6d0;--surface:#2c2c33;--accent:#7b8cff;--error:#ff6b6b}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.4 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
main{max-width:540px;margin:0 auto;padding:16px}h1{font-size:22px;margin:8px 0 16px}
.note{color:var(--muted);font-size:14px}.summary{background:var(--surface);border-radius:16px;padding:16px;margin-bottom:16px}
.summary dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:4px 16px}.summary dt{color:var(--muted);font-size:14px}.summary dd{margin:0;font-weight:600;text-align:right}
form{display:flex;flex-direction:column;gap:16px}label{display:block;font-size:14px;color:var(--muted);margin-bottom:4px}
input{width:100%;font:inherit;color:var(--fg);background:var(--surface);border:2px solid transparent;border-radius:12px;padding:12px}
input[aria-invalid=true]{border-color:var(--error)}.row{display:grid;grid-template-columns:1fr 1fr;gap:16px}
.error{color:var(--error);font-size:14px;margin:4px 0 0}.alert{color:var(--error);font-weight:600}
button,.button{display:block;width:100%;text-align:center;font:inherit;font-weight:600;border:0;border-radius:12px;padding:14px;cursor:pointer;text-decoration:none}
.primary{background:var(--fg);color:var(--bg)}.secondary{background:transparent;color:var(--accent)}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}`;

function layout(lang: PageLang, title: string, body: string): string {
  const t = TEXT[lang];
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p class="note">${t.sandbox}</p>${body}</main></body></html>`
  );
}

/**
 * What is bought, as the app names it (issue 22): "103,03 USDT" in the page's language — the ticker, not the
 * catalogue code (USDT_ETH) — and the asset's catalogue name on its own row ("Tether USD (ERC-20)").
 * A description in any other shape is shown as it came.
 */
export function purchaseRows(lang: PageLang, description: string): string {
  const t = TEXT[lang];
  const match = /^(\d+(?:\.\d+)?) ([A-Z0-9]+(?:_[A-Z0-9]+)?)$/.exec(description);
  const coin = match ? COINS.find((c) => c.currency === match[2]) : undefined;
  if (!match || !coin) return `<dt>${t.purchase}</dt><dd>${escapeHtml(description)}</dd>`;
  const amount = lang === 'ru' ? match[1]!.replace('.', ',') : match[1]!;
  const unit = coin.currency.split('_')[0]!;
  return (
    `<dt>${t.purchase}</dt><dd>${escapeHtml(`${amount}\u00a0${unit}`)}</dd>` +
    `<dt>${t.asset}</dt><dd>${escapeHtml(coin.name)}</dd>`
  );
}

function summary(lang: PageLang, s: PaymentSessionState): string {
  const t = TEXT[lang];
  const whole = s.amount / 100n;
  const cents = (s.amount % 100n).toString().padStart(2, '0');
  const amount = `${whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}${lang === 'ru' ? ',' : '.'}${cents} ${s.fiatCurrency}`;
  return (
    `<section class="summary" aria-label="${t.amount}"><dl><dt>${t.amount}</dt><dd>${escapeHtml(amount)}</dd>` +
    purchaseRows(lang, s.description) +
    (s.maskedCard ? `<dt>${t.card}</dt><dd>${escapeHtml(s.maskedCard)}</dd>` : '') +
    '</dl></section>'
  );
}

function field(
  lang: PageLang,
  name: CardField,
  label: string,
  attrs: string,
  problem: string | undefined,
  value = '',
): string {
  const t = TEXT[lang];
  const id = `card-${name}`;
  const error = problem
    ? `<p class="error" id="${id}-error">${t[problem as 'required' | 'invalid' | 'expired']}</p>`
    : '';
  return (
    `<div><label for="${id}">${label}</label><input id="${id}" name="${name}" ${attrs} value="${escapeHtml(value)}" required` +
    `${problem ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${error}</div>`
  );
}

const withLang = (path: string, lang: PageLang) => `${path}?lang=${lang}`;

export function cardPage(
  lang: PageLang,
  s: PaymentSessionState,
  payPath: string,
  problems: Partial<Record<CardField, string>> = {},
  keep: { expiry?: string; holder?: string } = {},
): string {
  const t = TEXT[lang];
  const alert = Object.keys(problems).length ? `<p class="alert" role="alert">${t.fixErrors}</p>` : '';
  return layout(
    lang,
    t.title,
    summary(lang, s) +
      alert +
      `<form method="post" action="${withLang(payPath, lang)}" novalidate>` +
      field(lang, 'number', t.number, 'inputmode="numeric" autocomplete="cc-number" maxlength="23"', problems.number) +
      '<div class="row">' +
      field(
        lang,
        'expiry',
        t.expiry,
        'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"',
        problems.expiry,
        keep.expiry,
      ) +
      field(lang, 'cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"', problems.cvc) +
      '</div>' +
      field(lang, 'holder', t.holder, 'autocomplete="cc-name" maxlength="64"', problems.holder, keep.holder) +
      `<button class="primary" type="submit">${t.pay}</button></form>` +
      `<form method="post" action="${withLang(`${payPath}/cancel`, lang)}"><button class="secondary" type="submit">${t.cancel}</button></form>`,
  );
}

export function threeDsPage(
  lang: PageLang,
  s: PaymentSessionState,
  payPath: string,
  wrongCode: boolean,
  triesLeft: number,
): string {
  const t = TEXT[lang];
  const problem = wrongCode ? `<p class="error" id="code-error" role="alert">${t.wrongCode(triesLeft)}</p>` : '';
  return layout(
    lang,
    t.threeDsTitle,
    summary(lang, s) +
      `<p>${t.threeDsText}</p>` +
      `<form method="post" action="${withLang(`${payPath}/3ds`, lang)}" novalidate><div><label for="code">${t.code}</label>` +
      `<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required` +
      `${wrongCode ? ' aria-invalid="true" aria-describedby="code-error"' : ''}>${problem}</div>` +
      `<button class="primary" type="submit">${t.confirm}</button></form>` +
      `<form method="post" action="${withLang(`${payPath}/cancel`, lang)}"><button class="secondary" type="submit">${t.cancel}</button></form>`,
  );
}

export function closedPage(
  lang: PageLang,
  reason: 'expired' | 'done' | 'not_found',
  returnUrl: string | undefined,
): string {
  const t = TEXT[lang];
  const text = reason === 'expired' ? t.expiredText : reason === 'done' ? t.doneText : t.notFoundText;
  const back = returnUrl ? `<a class="button primary" href="${escapeHtml(returnUrl)}">${t.back}</a>` : '';
  return layout(lang, t.closedTitle, `<p>${text}</p>${back}`);
}
