import { fromUnits, trimZeros } from './money';
import { FRACTION_DIGITS } from './amountInput';

/**
 * Payment URIs (issue 25): one parser and formatter for every network the wallet sends on.
 *
 * - BIP21 `bitcoin:`, `litecoin:`, `dogecoin:` with `?amount=` in whole coins (a `req-` parameter we do
 *   not know makes the URI invalid, as BIP21 says);
 * - EIP-681 `ethereum:<address>[@1]?value=<wei>` and `ethereum:<token>[@1]/transfer?address=…&uint256=<units>`
 *   (numbers may use the standard's scientific form, `2.014e18`; any chain id but 1 is another network);
 * - TON `ton://transfer/<address>?amount=<nanotons>` and jettons (`&jetton=<master>`, amount in its units);
 * - Tron has no standard: the app's own `tron:<address>?amount=<coins>[&currency=USDT_TRX]`;
 * - the app's link `{PUBLIC_URL}/pay?uri=<encoded URI>` and the Telegram `startapp` value carry one of these.
 *
 * Amounts stay exact decimal strings; a unit count never passes through a JavaScript number.
 */
export type PaymentScheme = 'bitcoin' | 'litecoin' | 'dogecoin' | 'ethereum' | 'ton' | 'tron';

/** What the URI needs to know of an asset: its scheme, on-chain decimals and, for a token, its contract. */
export type PaymentAsset = { currency: string; scheme: PaymentScheme; decimals: number; contract?: string };

/** The assets a request can name (the gateway's catalogue, gateway/src/wallet/coins.ts; Lightning has none). */
export const PAYMENT_ASSETS: readonly PaymentAsset[] = [
  { currency: 'BTC', scheme: 'bitcoin', decimals: 8 },
  { currency: 'LTC', scheme: 'litecoin', decimals: 8 },
  { currency: 'DOGE', scheme: 'dogecoin', decimals: 8 },
  { currency: 'ETH', scheme: 'ethereum', decimals: 18 },
  // Tether's ERC-20 contract on Ethereum mainnet.
  { currency: 'USDT_ETH', scheme: 'ethereum', decimals: 6, contract: '0xdac17f958d2ee523a2206206994597c13d831ec7' },
  { currency: 'TON', scheme: 'ton', decimals: 9 },
  { currency: 'TRX', scheme: 'tron', decimals: 6 },
  { currency: 'USDT_TRX', scheme: 'tron', decimals: 6 },
];

export const paymentAssetOf = (currency: string) => PAYMENT_ASSETS.find((a) => a.currency === currency) ?? null;

/** A payment request: the asset, where to pay and how much (whole coins, exact), if the payee said. */
export type PaymentRequest = { currency: string; address: string; amount: string | null };

export type PaymentUriError =
  /** Not a payment URI at all (a bare address is not an error: callers try it as an address). */
  | { kind: 'notUri' }
  /** A scheme the wallet does not send on (`monero:`, `solana:`…). */
  | { kind: 'unknownNetwork'; scheme: string }
  /** EIP-681 for a chain other than Ethereum mainnet. */
  | { kind: 'otherChain'; chainId: string }
  /** A token contract or jetton the wallet does not hold. */
  | { kind: 'unknownToken' }
  /** No address, or one in a form we cannot pay (an ENS name). */
  | { kind: 'badAddress' }
  /** An amount that is not a non-negative number, or a `req-` parameter we do not understand. */
  | { kind: 'badAmount' }
  | { kind: 'unsupported' }
  /** More decimals than the asset can carry (`decimals`: how many it can). */
  | { kind: 'tooPrecise'; currency: string; decimals: number };

export type PaymentUriResult = { ok: true; request: PaymentRequest } | { ok: false; error: PaymentUriError };

const fail = (error: PaymentUriError): PaymentUriResult => ({ ok: false, error });

/** How many decimals a send of `currency` accepts: the asset's own, capped by the amount field's 8 (spec §5). */
export const sendableDecimals = (asset: PaymentAsset) => Math.min(asset.decimals, FRACTION_DIGITS);

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;
/** EIP-681 numbers: an integer, or a decimal with an exponent (`2.014e18`), of base units. */
const SCIENTIFIC = /^(\d+)(?:\.(\d+))?(?:e(\d+))?$/i;

/** Base units (wei, nanotons, token units) as written in the URI → an exact unit count, or null. */
export function unitsOf(raw: string): bigint | null {
  const m = SCIENTIFIC.exec(raw.trim());
  if (!m) return null;
  const fraction = m[2] ?? '';
  const exponent = Number(m[3] ?? '0');
  // A unit count cannot be fractional: 1.5e0 wei is no amount.
  if (exponent > 80 || fraction.replace(/0+$/, '').length > exponent) return null;
  return BigInt(m[1] + fraction.padEnd(exponent, '0'));
}

/** A whole-coin decimal checked against the asset: the trimmed amount, or the problem. */
function checkedAmount(raw: string, asset: PaymentAsset): { amount: string } | { error: PaymentUriError } {
  const m = DECIMAL.exec(raw.trim());
  if (!m) return { error: { kind: 'badAmount' } };
  const amount = trimZeros(`${m[1].replace(/^0+(?=\d)/, '')}${m[2] ? `.${m[2]}` : ''}`);
  const places = amount.split('.')[1]?.length ?? 0;
  const decimals = sendableDecimals(asset);
  return places > decimals ? { error: { kind: 'tooPrecise', currency: asset.currency, decimals } } : { amount };
}

const fromAtoms = (raw: string, asset: PaymentAsset) => {
  const units = unitsOf(raw);
  return units === null
    ? ({ error: { kind: 'badAmount' } } as const)
    : checkedAmount(fromUnits(units, asset.decimals), asset);
};

/** The query of a URI as pairs, decoded; `+` is a space (form encoding wallets use for labels). */
function queryOf(query: string): [string, string][] {
  if (!query) return [];
  return query.split('&').flatMap((pair) => {
    if (!pair) return [];
    const i = pair.indexOf('=');
    const key = i < 0 ? pair : pair.slice(0, i);
    const value = i < 0 ? '' : pair.slice(i + 1);
    try {
      return [[decodeURIComponent(key), decodeURIComponent(value.replace(/\+/g, ' '))] as [string, string]];
    } catch {
      return [[key, value] as [string, string]];
    }
  });
}

const withAmount = (
  currency: string,
  address: string,
  amount: { amount: string } | { error: PaymentUriError } | null,
): PaymentUriResult => {
  if (!address) return fail({ kind: 'badAddress' });
  if (amount && 'error' in amount) return fail(amount.error);
  return { ok: true, request: { currency, address, amount: amount ? amount.amount : null } };
};

function parseBip21(scheme: 'bitcoin' | 'litecoin' | 'dogecoin', rest: string): PaymentUriResult {
  const asset = PAYMENT_ASSETS.find((a) => a.scheme === scheme)!;
  const [path, query = ''] = splitOnce(rest, '?');
  const params = queryOf(query);
  // BIP21: "req-" parameters are required; one we do not understand makes the whole URI invalid.
  if (params.some(([k]) => k.toLowerCase().startsWith('req-'))) return fail({ kind: 'unsupported' });
  const amount = params.find(([k]) => k.toLowerCase() === 'amount');
  return withAmount(asset.currency, decodeSafe(path).trim(), amount ? checkedAmount(amount[1], asset) : null);
}

function parseEthereum(rest: string): PaymentUriResult {
  const [target, query = ''] = splitOnce(rest, '?');
  const m = /^(?:pay-)?([^@/]*)(?:@([^/]*))?(?:\/(.*))?$/i.exec(target)!;
  const [, address, chainId, fn] = m;
  if (chainId !== undefined && chainId !== '1') return fail({ kind: 'otherChain', chainId });
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return fail({ kind: 'badAddress' });
  const params = new Map(queryOf(query).map(([k, v]) => [k, v]));
  if (fn === undefined || fn === '') {
    const eth = paymentAssetOf('ETH')!;
    const value = params.get('value');
    return withAmount('ETH', address, value === undefined ? null : fromAtoms(value, eth));
  }
  if (fn !== 'transfer') return fail({ kind: 'unsupported' });
  const token = PAYMENT_ASSETS.find((a) => a.scheme === 'ethereum' && a.contract === address.toLowerCase());
  if (!token) return fail({ kind: 'unknownToken' });
  const to = params.get('address') ?? '';
  if (!/^0x[0-9a-fA-F]{40}$/.test(to)) return fail({ kind: 'badAddress' });
  const units = params.get('uint256');
  return withAmount(token.currency, to, units === undefined ? null : fromAtoms(units, token));
}

function parseTon(rest: string): PaymentUriResult {
  const [target, query = ''] = splitOnce(rest, '?');
  const path = /^\/\/transfer\/(.*)$/i.exec(target);
  if (!path) return fail({ kind: 'unsupported' });
  const params = new Map(queryOf(query).map(([k, v]) => [k, v]));
  // The wallet holds no jetton yet: a jetton request is never read as a Toncoin one.
  if (params.has('jetton')) return fail({ kind: 'unknownToken' });
  const ton = paymentAssetOf('TON')!;
  const amount = params.get('amount');
  return withAmount(
    'TON',
    decodeSafe(path[1]).replace(/\/$/, ''),
    amount === undefined ? null : fromAtoms(amount, ton),
  );
}

function parseTron(rest: string): PaymentUriResult {
  const [path, query = ''] = splitOnce(rest, '?');
  const params = new Map(queryOf(query).map(([k, v]) => [k, v]));
  const currency = params.get('currency') ?? 'TRX';
  const asset = PAYMENT_ASSETS.find((a) => a.scheme === 'tron' && a.currency === currency);
  if (!asset) return fail({ kind: 'unknownToken' });
  const amount = params.get('amount');
  return withAmount(
    asset.currency,
    decodeSafe(path).trim(),
    amount === undefined ? null : checkedAmount(amount, asset),
  );
}

function splitOnce(text: string, mark: string): [string, string | undefined] {
  const i = text.indexOf(mark);
  return i < 0 ? [text, undefined] : [text.slice(0, i), text.slice(i + 1)];
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The URI inside the app's own link (`…/pay?uri=…`), or the text itself. */
export function unwrapPayLink(text: string): string {
  const m = /^https?:\/\/[^?#]*\/pay\?(.*)$/i.exec(text.trim());
  if (!m) return text.trim();
  const uri = queryOf(m[1].split('#')[0]).find(([k]) => k === 'uri');
  return uri ? uri[1].trim() : text.trim();
}

/** Reads a scanned or opened payment URI (or the app's link to one). */
export function parsePaymentUri(text: string): PaymentUriResult {
  const value = unwrapPayLink(text);
  const m = /^([a-z][a-z0-9+.-]*):(.*)$/is.exec(value);
  if (!m) return fail({ kind: 'notUri' });
  const scheme = m[1].toLowerCase();
  const rest = m[2];
  switch (scheme) {
    case 'bitcoin':
    case 'litecoin':
    case 'dogecoin':
      return parseBip21(scheme, rest);
    case 'ethereum':
      return parseEthereum(rest);
    case 'ton':
      return parseTon(rest);
    case 'tron':
      return parseTron(rest);
    case 'http':
    case 'https':
      return fail({ kind: 'notUri' });
    default:
      return fail({ kind: 'unknownNetwork', scheme });
  }
}

/** Whole coins → the asset's base units as a decimal integer string (exact). */
function atomsOf(amount: string, asset: PaymentAsset): string {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(asset.decimals, '0').slice(0, asset.decimals)).toString();
}

/** The network's standard URI for a request (the app's own for Tron); null for an asset without one. */
export function formatPaymentUri(request: PaymentRequest): string | null {
  const asset = paymentAssetOf(request.currency);
  if (!asset) return null;
  const amount = request.amount && DECIMAL.test(request.amount) ? trimZeros(request.amount) : null;
  const positive = amount !== null && amount !== '0';
  const address = request.address.trim();
  switch (asset.scheme) {
    case 'bitcoin':
    case 'litecoin':
    case 'dogecoin':
      return `${asset.scheme}:${address}${positive ? `?amount=${amount}` : ''}`;
    case 'ethereum':
      if (asset.contract)
        return `ethereum:${asset.contract}@1/transfer?address=${address}${positive ? `&uint256=${atomsOf(amount, asset)}` : ''}`;
      return `ethereum:${address}@1${positive ? `?value=${atomsOf(amount, asset)}` : ''}`;
    case 'ton':
      return `ton://transfer/${address}${positive ? `?amount=${atomsOf(amount, asset)}` : ''}`;
    case 'tron': {
      const query = [
        ...(asset.currency === 'TRX' ? [] : [`currency=${asset.currency}`]),
        ...(positive ? [`amount=${amount}`] : []),
      ];
      return `tron:${address}${query.length ? `?${query.join('&')}` : ''}`;
    }
  }
}

/** The app's link to a request: opens the send form filled in (`/pay` route). */
export const payLinkOf = (publicUrl: string, uri: string) =>
  `${publicUrl.replace(/\/$/, '')}/pay?uri=${encodeURIComponent(uri)}`;

/**
 * Telegram's `startapp` value for a request: only `A-Za-z0-9_-`, at most 64 characters. The shape is
 * `pay-<amount with d for the point>-<currency>-<address>` (the address last: TON's may hold `-` and `_`);
 * null when it does not fit (a Taproot address with an amount), and the web link is shared alone.
 */
export function startParamOf(request: PaymentRequest): string | null {
  const amount = (request.amount ?? '').replace('.', 'd');
  const value = `pay-${amount}-${request.currency}-${request.address.trim()}`;
  return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

/** The request in a `startapp` value (startParamOf's shape), or null for any other value. */
export function requestOfStartParam(param: string): PaymentRequest | null {
  const m = /^pay-(\d*(?:d\d+)?)-([A-Z][A-Z0-9_]*)-([A-Za-z0-9_-]+)$/.exec(param);
  if (!m || !paymentAssetOf(m[2])) return null;
  return { currency: m[2], address: m[3], amount: m[1] ? m[1].replace('d', '.') : null };
}

/** The start value is a payment request, not a one-time sign-in code (src/platform/launch.ts). */
export const isPayStartParam = (param: string) => param.startsWith('pay-');

/** The asset's accepted form of a requested amount, or null when it must be refused (too many digits). */
export function requestAmountAfter(previous: string, raw: string, currency: string): string {
  const value = raw.replace(/\s+/g, '').replace(/,/g, '.');
  const asset = paymentAssetOf(currency);
  const decimals = asset ? sendableDecimals(asset) : FRACTION_DIGITS;
  if (!new RegExp(`^\\d{0,8}(?:\\.\\d{0,${decimals}})?$`).test(value)) return previous;
  return value.startsWith('.') ? `0${value}` : value.replace(/^0+(?=\d)/, '');
}

/** What Receive shows and shares for a request (issue 25): the QR's URI, the app's link and Telegram's. */
export type RequestLinks = { uri: string; link: string; telegram: string | null };

export function requestLinks(request: PaymentRequest, appUrl: string, telegramBot: string | null): RequestLinks | null {
  const uri = formatPaymentUri(request);
  if (!uri) return null;
  const param = telegramBot ? startParamOf(request) : null;
  return {
    uri,
    link: payLinkOf(appUrl, uri),
    telegram: param ? `https://t.me/${telegramBot}?startapp=${param}` : null,
  };
}
