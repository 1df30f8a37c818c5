import {
  formatPaymentUri,
  parsePaymentUri,
  payLinkOf,
  requestAmountAfter,
  requestLinks,
  requestOfStartParam,
  startParamOf,
  unitsOf,
  type PaymentRequest,
  type PaymentUriError,
} from '../../machines/shared/paymentUri';

const BTC = '175tWpb8K1S7NmH4Zx6rewF9WQrcZv245W';
const ETH_TO = '0xfb6916095ca1df60bb79Ce92ce3ea74c37c5d359';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const TON = 'EQD2NmD_lH5f5u1Kj3KfGyTvhZSX0Eg6qp2a5IQUKXxOG21n';
const TRON = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9';

const ok = (currency: string, address: string, amount: string | null): { request: PaymentRequest } => ({
  request: { currency, address, amount },
});
const no = (error: PaymentUriError) => ({ error });

// The standards' own examples first (BIP21's "Examples", EIP-681's "Examples", Tonkeeper's transfer links).
const cases: [string, { request: PaymentRequest } | { error: PaymentUriError }][] = [
  // BIP21
  [`bitcoin:${BTC}`, ok('BTC', BTC, null)],
  [`bitcoin:${BTC}?label=Luke-Jr`, ok('BTC', BTC, null)],
  [`bitcoin:${BTC}?amount=20.3&label=Luke-Jr`, ok('BTC', BTC, '20.3')],
  [`bitcoin:${BTC}?amount=50&label=Luke-Jr&message=Donation%20for%20project%20xyz`, ok('BTC', BTC, '50')],
  [`bitcoin:${BTC}?req-somethingyoudontunderstand=50&req-somethingelseyoudontget=999`, no({ kind: 'unsupported' })],
  [`bitcoin:${BTC}?somethingyoudontunderstand=50&somethingelseyoudontget=999`, ok('BTC', BTC, null)],
  // Upper-case QR (alphanumeric mode) of a bech32 address; the scheme is case-insensitive.
  [
    'BITCOIN:BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ?amount=0.001',
    ok('BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ', '0.001'),
  ],
  [`bitcoin:${BTC}?amount=0.00000001`, ok('BTC', BTC, '0.00000001')],
  [`bitcoin:${BTC}?amount=0.000000001`, no({ kind: 'tooPrecise', currency: 'BTC', decimals: 8 })],
  [`bitcoin:${BTC}?amount=1,5`, no({ kind: 'badAmount' })],
  [`bitcoin:${BTC}?amount=-1`, no({ kind: 'badAmount' })],
  [`bitcoin:${BTC}?amount=1e-3`, no({ kind: 'badAmount' })],
  ['bitcoin:?amount=1', no({ kind: 'badAddress' })],
  [
    'litecoin:ltc1qg82tj4vdx3aw6jvvz3ewnxl6slw8pmpa7ughdr?amount=1.25',
    ok('LTC', 'ltc1qg82tj4vdx3aw6jvvz3ewnxl6slw8pmpa7ughdr', '1.25'),
  ],
  ['dogecoin:DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L?amount=100', ok('DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', '100')],
  // EIP-681
  [`ethereum:${ETH_TO}`, ok('ETH', ETH_TO, null)],
  [`ethereum:${ETH_TO}?value=2.014e18`, ok('ETH', ETH_TO, '2.014')],
  [`ethereum:pay-${ETH_TO}@1?value=1000000000000000`, ok('ETH', ETH_TO, '0.001')],
  [`ethereum:${ETH_TO}?value=1`, no({ kind: 'tooPrecise', currency: 'ETH', decimals: 8 })],
  [`ethereum:${ETH_TO}?value=1.5e0`, no({ kind: 'badAmount' })],
  [`ethereum:${ETH_TO}@137?value=1e18`, no({ kind: 'otherChain', chainId: '137' })],
  [
    'ethereum:0x89205a3a3b2a69de6dbf7f01ed13b2108b2c43e7/transfer?address=0x8e23ee67d1332ad560396262c48ffbb01f93d052&uint256=1',
    no({ kind: 'unknownToken' }),
  ],
  [`ethereum:${USDT}@1/transfer?address=${ETH_TO}&uint256=2500000`, ok('USDT_ETH', ETH_TO, '2.5')],
  [`ethereum:${USDT}/transfer?address=${ETH_TO}&uint256=1e6`, ok('USDT_ETH', ETH_TO, '1')],
  [`ethereum:${USDT}/transfer?address=${ETH_TO}`, ok('USDT_ETH', ETH_TO, null)],
  [`ethereum:${USDT}/approve?address=${ETH_TO}&uint256=1`, no({ kind: 'unsupported' })],
  ['ethereum:foo.eth?value=1e18', no({ kind: 'badAddress' })],
  // TON
  [`ton://transfer/${TON}`, ok('TON', TON, null)],
  [`ton://transfer/${TON}?amount=1000000000&text=hello`, ok('TON', TON, '1')],
  [`ton://transfer/${TON}?amount=1`, no({ kind: 'tooPrecise', currency: 'TON', decimals: 8 })],
  [
    `ton://transfer/${TON}?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=1000000`,
    no({ kind: 'unknownToken' }),
  ],
  // Tron: the app's own form
  [`tron:${TRON}?amount=10.5`, ok('TRX', TRON, '10.5')],
  [`tron:${TRON}?currency=USDT_TRX&amount=0.000001`, ok('USDT_TRX', TRON, '0.000001')],
  [`tron:${TRON}?currency=USDT_TRX&amount=0.0000001`, no({ kind: 'tooPrecise', currency: 'USDT_TRX', decimals: 6 })],
  [`tron:${TRON}?currency=BTT`, no({ kind: 'unknownToken' })],
  // Not ours
  [
    'monero:46BeWrHpwXmHDpDEUmZBWZfoQpdc6HaERCNmx1pEYL2rAcuwufPN9rXHHtyUA4QVy66qeFQkn6sfK8aHYjA3jk3o1Bv16em?tx_amount=1',
    no({ kind: 'unknownNetwork', scheme: 'monero' }),
  ],
  [BTC, no({ kind: 'notUri' })],
  ['https://example.com/', no({ kind: 'notUri' })],
  // The app's link wraps any of them
  [payLinkOf('https://wallet.example/', `bitcoin:${BTC}?amount=0.001`), ok('BTC', BTC, '0.001')],
];

describe('parsePaymentUri', () => {
  it.each(cases)('%s', (uri, expected) => {
    const result = parsePaymentUri(uri);
    if ('request' in expected) expect(result).toEqual({ ok: true, request: expected.request });
    else expect(result).toEqual({ ok: false, error: expected.error });
  });
});

describe('formatPaymentUri', () => {
  const formats: [PaymentRequest, string | null][] = [
    [{ currency: 'BTC', address: BTC, amount: '0.001' }, `bitcoin:${BTC}?amount=0.001`],
    [{ currency: 'BTC', address: BTC, amount: null }, `bitcoin:${BTC}`],
    [{ currency: 'BTC', address: BTC, amount: '0' }, `bitcoin:${BTC}`],
    [{ currency: 'LTC', address: 'LTC1', amount: '1.50' }, 'litecoin:LTC1?amount=1.5'],
    [{ currency: 'ETH', address: ETH_TO, amount: '2.014' }, `ethereum:${ETH_TO}@1?value=2014000000000000000`],
    [
      { currency: 'USDT_ETH', address: ETH_TO, amount: '2.5' },
      `ethereum:${USDT.toLowerCase()}@1/transfer?address=${ETH_TO}&uint256=2500000`,
    ],
    [{ currency: 'TON', address: TON, amount: '1.5' }, `ton://transfer/${TON}?amount=1500000000`],
    [{ currency: 'TRX', address: TRON, amount: '3' }, `tron:${TRON}?amount=3`],
    [{ currency: 'USDT_TRX', address: TRON, amount: '3' }, `tron:${TRON}?currency=USDT_TRX&amount=3`],
    [{ currency: 'BTC_LNG', address: 'lnbc1', amount: '1' }, null],
  ];
  it.each(formats)('%o → %s', (request, uri) => expect(formatPaymentUri(request)).toBe(uri));

  it('reads back what it writes, for every asset', () => {
    for (const [request, uri] of formats) {
      if (!uri) continue;
      const amount = request.amount === '0' ? null : request.amount === '1.50' ? '1.5' : request.amount;
      expect(parsePaymentUri(uri)).toEqual({ ok: true, request: { ...request, amount } });
    }
  });
});

describe('unitsOf', () => {
  it.each([
    ['1', 1n],
    ['2.014e18', 2014000000000000000n],
    ['1E3', 1000n],
    ['1.5e0', null],
    ['-1', null],
    ['0x10', null],
    ['1e81', null],
  ])('%s → %s', (raw, units) => expect(unitsOf(raw)).toBe(units));
});

describe('startapp value', () => {
  it.each<[PaymentRequest, string | null]>([
    [
      { currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.001' },
      'pay-0d001-BTC-bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    ],
    [{ currency: 'USDT_TRX', address: TRON, amount: null }, `pay--USDT_TRX-${TRON}`],
    [{ currency: 'TON', address: TON, amount: '2' }, `pay-2-TON-${TON}`],
    // A Taproot address with an amount is past Telegram's 64 characters: no startapp link.
    [{ currency: 'BTC', address: `bc1p${'q'.repeat(58)}`, amount: '1' }, null],
  ])('%o ↔ %s', (request, param) => {
    expect(startParamOf(request)).toBe(param);
    if (param) expect(requestOfStartParam(param)).toEqual(request);
  });

  it('is no payment request for a sign-in code or an unknown asset', () => {
    expect(requestOfStartParam('Zx8f3Kq-abc_def')).toBeNull();
    expect(requestOfStartParam(`pay-1-XMR-${TRON}`)).toBeNull();
  });
});

describe('request on Receive', () => {
  it('keeps an amount within the asset (8 for BTC, 6 for USDT TRC-20), a comma as a point', () => {
    expect(requestAmountAfter('', '0,001', 'BTC')).toBe('0.001');
    expect(requestAmountAfter('0.001', '0.000000001', 'BTC')).toBe('0.001');
    expect(requestAmountAfter('1', '1.0000001', 'USDT_TRX')).toBe('1');
    expect(requestAmountAfter('', '.5', 'TON')).toBe('0.5');
    expect(requestAmountAfter('7', 'abc', 'BTC')).toBe('7');
  });

  it('links the URI through the app, and inside Telegram through the bot when it fits', () => {
    const request = { currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.001' };
    expect(requestLinks(request, 'https://w.example', null)).toEqual({
      uri: 'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.001',
      link: 'https://w.example/pay?uri=bitcoin%3Abc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq%3Famount%3D0.001',
      telegram: null,
    });
    expect(requestLinks(request, 'https://w.example', 'wallet_bot')?.telegram).toBe(
      'https://t.me/wallet_bot?startapp=pay-0d001-BTC-bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    expect(requestLinks({ ...request, currency: 'BTC_LNG' }, 'https://w.example', null)).toBeNull();
  });
});
