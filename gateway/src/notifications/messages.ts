import { findCoin } from '../wallet/catalogue.js';
import type { NotificationData, NotificationEvent } from './outbox.js';

export type Language = 'ENG' | 'RUS';

/**
 * A minor-unit amount as the user's language writes it, exactly (no float, no rounding: a message
 * names what moved): "1,234.5" in English, "1 234,5" in Russian (no-break space, decimal comma).
 */
export function formatMinor(minor: string, decimals: number, language: Language): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  const group = language === 'RUS' ? '\u00a0' : ',';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const mark = language === 'RUS' ? ',' : '.';
  return `${negative ? '-' : ''}${grouped}${fraction ? mark + fraction : ''}`;
}

/** "0.5 Bitcoin": the amount in the user's format and the asset by its display name. */
export function amountOf(minor: string | undefined, currency: string | undefined, language: Language): string {
  if (!minor || !currency) return '';
  const coin = findCoin(currency);
  if (!coin) return `${minor} ${currency}`;
  return `${formatMinor(minor, coin.decimals, language)} ${coin.name}`;
}

/** A fiat amount in minor units (kopecks: two decimals), in the user's format. */
function fiatOf(minor: string | undefined, fiat: string | undefined, language: Language): string {
  if (!minor || !fiat) return '';
  return `${formatMinor(minor, 2, language)} ${fiat}`;
}

/** "Chrome on Android", "Telegram on iOS": the device of a `security.new_device` message. */
function deviceOf(d: NotificationData, language: Language): string {
  const label = d.device;
  const app = label?.via === 'telegram' ? 'Telegram' : label?.browser;
  const os = label?.os;
  if (language === 'RUS') return [app, os].filter(Boolean).join(', ') || 'неизвестное устройство';
  if (app && os) return `${app} on ${os}`;
  return app ?? os ?? 'an unknown device';
}

/** The sign-in's time in UTC, written the language's way ("27 Nov 2026, 14:05 UTC"): users keep no time zone. */
function timeOf(d: NotificationData, language: Language): string {
  const at = d.at ? new Date(d.at) : null;
  if (!at || Number.isNaN(at.getTime())) return '';
  const written = new Intl.DateTimeFormat(language === 'RUS' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(at);
  return `${written} UTC`;
}

type Words = Record<NotificationEvent, (d: NotificationData, a: string, to: string, fiat: string) => string>;

const EN: Words = {
  'deposit.credited': (_d, a) => `You received ${a}.`,
  'buy.credited': (_d, a) => `Your card purchase arrived: ${a}.`,
  'buy.declined': () => 'Your card purchase was declined. No money was taken from the wallet.',
  'send.completed': (_d, a) => `Sent: ${a}.`,
  'send.failed': (_d, a) => `Your send of ${a} failed. The money is back in your wallet.`,
  'swap.completed': (_d, a, to) => `Swapped ${a} for ${to}.`,
  'swap.failed': (_d, a) => `Your swap of ${a} failed. The money is back in your wallet.`,
  'sell.paid': (_d, a, _to, fiat) => `You sold ${a}: ${fiat} paid out to your card.`,
  'sell.failed': (_d, a) => `Your sale of ${a} could not be paid out. The money is back in your wallet.`,
  'security.passcode_changed': () => 'Your wallet passcode was changed.',
  'security.reset_started': () => 'A passcode reset started: money cannot leave your wallet for a while.',
  'security.reset_ended': () => 'The passcode reset is over: money can leave your wallet again.',
  'security.telegram_linked': (d) => `Telegram ${d.detail ?? ''} was linked to your wallet.`.replace('  ', ' '),
  'security.telegram_unlinked': (d) => `Telegram ${d.detail ?? ''} was unlinked from your wallet.`.replace('  ', ' '),
  'security.new_device': (d) =>
    `New sign-in to your wallet from ${deviceOf(d, 'ENG')}${d.at ? `, ${timeOf(d, 'ENG')}` : ''}. If it was not you, sign out of all devices in Settings and change your password.`,
};

const RU: Words = {
  'deposit.credited': (_d, a) => `Вы получили ${a}.`,
  'buy.credited': (_d, a) => `Покупка картой зачислена: ${a}.`,
  'buy.declined': () => 'Покупка картой отклонена. Деньги из кошелька не списаны.',
  'send.completed': (_d, a) => `Отправлено: ${a}.`,
  'send.failed': (_d, a) => `Отправка ${a} не удалась. Деньги вернулись в кошелёк.`,
  'swap.completed': (_d, a, to) => `Обмен ${a} на ${to} выполнен.`,
  'swap.failed': (_d, a) => `Обмен ${a} не удался. Деньги вернулись в кошелёк.`,
  'sell.paid': (_d, a, _to, fiat) => `Вы продали ${a}: ${fiat} выплачено на карту.`,
  'sell.failed': (_d, a) => `Продажу ${a} не удалось выплатить. Деньги вернулись в кошелёк.`,
  'security.passcode_changed': () => 'Код-пароль кошелька изменён.',
  'security.reset_started': () => 'Начат сброс код-пароля: какое-то время деньги нельзя вывести из кошелька.',
  'security.reset_ended': () => 'Сброс код-пароля завершён: деньги снова можно выводить.',
  'security.telegram_linked': (d) => `Telegram ${d.detail ?? ''} привязан к кошельку.`.replace('  ', ' '),
  'security.telegram_unlinked': (d) => `Telegram ${d.detail ?? ''} отвязан от кошелька.`.replace('  ', ' '),
  'security.new_device': (d) =>
    `Новый вход в кошелёк: ${deviceOf(d, 'RUS')}${d.at ? `, ${timeOf(d, 'RUS')}` : ''}. Если это были не вы, выйдите на всех устройствах в настройках и смените пароль.`,
};

const SUBJECT: Record<Language, string> = { ENG: 'Your wallet', RUS: 'Ваш кошелёк' };
/** Subjects of their own where the text's first 60 characters would cut what matters (the device). */
const OWN_SUBJECT: Partial<Record<NotificationEvent, (d: NotificationData, language: Language) => string>> = {
  'security.new_device': (d, language) =>
    language === 'RUS'
      ? `Новый вход в кошелёк: ${deviceOf(d, language)}`
      : `New sign-in to your wallet: ${deviceOf(d, language)}`,
};
const BUTTON: Record<Language, string> = { ENG: 'Open in Wallet', RUS: 'Открыть в кошельке' };

/**
 * Telegram's `startapp` value for a transaction, `tx-<currency>-<type>-<uuid>` (only A-Za-z0-9_-, at
 * most 64 characters: `tx-USDT_ETH-WITHDRAWAL-<36>` is 60): what the app's route
 * /home/asset/{currency}/transaction/{id}/{type} needs.
 */
export const startParamOfTransaction = (d: NotificationData) =>
  d.transactionId && d.currency && d.transactionType
    ? `tx-${d.currency}-${d.transactionType}-${d.transactionId}`
    : undefined;

/** The web app's page of that transaction (the e-mail's link). */
export const transactionPathOf = (d: NotificationData) =>
  d.transactionId && d.currency && d.transactionType
    ? `/home/asset/${encodeURIComponent(d.currency)}/transaction/${encodeURIComponent(d.transactionId)}/${d.transactionType}`
    : undefined;

export interface RenderedMessage {
  subject: string;
  text: string;
  /** The transaction's button (Telegram) or link (e-mail), when the event has a transaction. */
  button?: { text: string; startParam: string };
}

export function renderNotification(
  event: NotificationEvent,
  data: NotificationData,
  language: Language,
): RenderedMessage {
  const lang: Language = language === 'RUS' ? 'RUS' : 'ENG';
  const words = lang === 'RUS' ? RU : EN;
  const a = amountOf(data.amountMinor, data.currency, lang);
  const to = amountOf(data.toAmountMinor, data.toCurrency, lang);
  const fiat = fiatOf(data.fiatAmountMinor, data.fiatCurrency, lang);
  const text = words[event](data, a, to, fiat);
  const startParam = startParamOfTransaction(data);
  return {
    subject:
      OWN_SUBJECT[event]?.(data, lang) ?? `${SUBJECT[lang]}: ${text.length > 60 ? `${text.slice(0, 57)}…` : text}`,
    text,
    ...(startParam ? { button: { text: BUTTON[lang], startParam } } : {}),
  };
}
