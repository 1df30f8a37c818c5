import { withFlowEvents, reasonOf } from '../../src/app/flowEvents';
import { ApiError } from '../../src/api/errors';
import type { Apis } from '../../src/app/deps';
import type { BuyOrderStatus } from '../../src/api/buy';

type Tracked = { name: string; props: Record<string, unknown> };

const unused = () => Promise.reject(new Error('not used'));
const order = (
  state: BuyOrderStatus['state'],
  failureReason: BuyOrderStatus['failureReason'] = null,
): BuyOrderStatus => ({
  orderId: 'o-1',
  state,
  failureReason,
  currency: 'BTC',
  cryptoAmount: '0.01',
  fiatCurrency: 'RUB',
  fiatAmount: '5000',
  rate: '500000',
  transactionId: null,
  createdAt: '2026-11-24T07:00:00Z',
  updatedAt: '2026-11-24T07:00:00Z',
});

function setup(overrides: Partial<{ [K in keyof Apis]: Partial<Apis[K]> }>) {
  const tracked: Tracked[] = [];
  const base = {
    user: {},
    wallet: {},
    addressBook: {},
    send: { withdraw: unused },
    swap: { createOrder: unused, confirm: unused },
    sell: { sell: unused },
    buy: { order: unused, status: unused },
    passcode: { enable: unused, change: unused, disable: unused },
  } as unknown as Apis;
  const api = Object.fromEntries(
    Object.entries(base).map(([k, v]) => [k, { ...v, ...overrides[k as keyof Apis] }]),
  ) as Apis;
  const wrapped = withFlowEvents(api, {
    track: (name, props) => void tracked.push({ name, props: props as Record<string, unknown> }),
  });
  return { wrapped, tracked };
}

const request = {
  currency: 'USDT_TRX',
  amount: '12.5',
  depositAddress: 'TJYeasTPa6gpEEfYqV7zAQNpHHybx1tSSs',
  idempotencyKey: 'key-12345678',
};

describe('money flow and passcode events derived from the gateway calls', () => {
  it('a send that the gateway accepts: started, then completed, with the currency only', async () => {
    const { wrapped, tracked } = setup({ send: { withdraw: async () => ({ id: 't-1' }) as never } });
    await wrapped.send.withdraw('acc-1', request, '1234');
    expect(tracked).toEqual([
      { name: 'send_started', props: { currency: 'USDT_TRX' } },
      { name: 'send_completed', props: { currency: 'USDT_TRX' } },
    ]);
    expect(JSON.stringify(tracked)).not.toMatch(/12\.5|TJYeas|1234|acc-1/);
  });

  it("a refused send: failed with the gateway's code, and the caller still gets the error", async () => {
    const refusal = new ApiError(403, 'B2C_USM0031', 'Wrong passcode for ann@example.com', undefined, undefined, 2);
    const { wrapped, tracked } = setup({ send: { withdraw: () => Promise.reject(refusal) } });
    await expect(wrapped.send.withdraw('acc-1', request, '0000')).rejects.toBe(refusal);
    expect(tracked).toEqual([
      { name: 'send_started', props: { currency: 'USDT_TRX' } },
      { name: 'send_failed', props: { currency: 'USDT_TRX', reason: 'B2C_USM0031' } },
    ]);
  });

  it('a failure without a gateway code is UNKNOWN; a message never becomes a reason', () => {
    expect(reasonOf(new TypeError('Failed to fetch'))).toBe('UNKNOWN');
    expect(reasonOf({ code: 'ann@example.com' })).toBe('UNKNOWN');
    expect(reasonOf({ code: 'HTTP_502' })).toBe('HTTP_502');
    expect(reasonOf(null)).toBe('UNKNOWN');
  });

  it('a swap: the pair comes from the order, the confirm is the attempt', async () => {
    const swapOrder = { id: 'sw-1', sourceCurrency: 'BTC', destinationCurrency: 'ETH' } as never;
    let confirms = 0;
    const { wrapped, tracked } = setup({
      swap: {
        createOrder: async () => swapOrder,
        confirm: async () =>
          ++confirms === 1 ? Promise.reject(new ApiError(400, 'SWAP_ORDER_EXPIRED', 'expired')) : swapOrder,
      },
    });
    await wrapped.swap.createOrder('acc-1', {
      sourceCurrency: 'BTC',
      destinationCurrency: 'ETH',
      sourceAmount: '1',
      idempotencyKey: 'k-12345678',
    });
    expect(tracked).toEqual([]);
    await expect(wrapped.swap.confirm('acc-1', 'sw-1')).rejects.toThrow('expired');
    await wrapped.swap.confirm('acc-1', 'sw-1');
    expect(tracked).toEqual([
      { name: 'swap_started', props: { from: 'BTC', to: 'ETH' } },
      { name: 'swap_failed', props: { from: 'BTC', to: 'ETH', reason: 'SWAP_ORDER_EXPIRED' } },
      { name: 'swap_started', props: { from: 'BTC', to: 'ETH' } },
      { name: 'swap_completed', props: { from: 'BTC', to: 'ETH' } },
    ]);
  });

  it('a sell: started and completed with the coin and fiat, never the card', async () => {
    const { wrapped, tracked } = setup({ sell: { sell: async () => ({ id: 's-1' }) as never } });
    await wrapped.sell.sell('acc-1', {
      kind: 'card',
      currency: 'BTC',
      fiatCurrency: 'RUB',
      cardNumber: '4276380012345678',
    } as never);
    expect(tracked).toEqual([
      { name: 'sell_started', props: { currency: 'BTC', fiat: 'RUB' } },
      { name: 'sell_completed', props: { currency: 'BTC', fiat: 'RUB' } },
    ]);
  });

  it('a card buy starts with its order and ends once with its final status, however often it is polled', async () => {
    const states = [order('NEW'), order('PROCESSING'), order('COMPLETED'), order('COMPLETED')];
    const { wrapped, tracked } = setup({
      buy: {
        order: async () => ({ data: { url: 'https://pay.example/1', orderId: 'o-1', order: order('NEW') } }),
        status: async () => states.shift()!,
      },
    });
    await wrapped.buy.order({ fiatCurrency: 'RUB' } as never);
    for (let i = 0; i < 4; i++) await wrapped.buy.status('o-1');
    expect(tracked).toEqual([
      { name: 'buy_started', props: { currency: 'BTC', fiat: 'RUB' } },
      { name: 'buy_completed', props: { currency: 'BTC', fiat: 'RUB' } },
    ]);
  });

  it('a declined card buy fails with its reason; an order that cannot be made fails with the fiat only', async () => {
    const { wrapped, tracked } = setup({
      buy: {
        order: () => Promise.reject(new ApiError(400, 'RATE_EXPIRED', 'expired')),
        status: async () => order('FAILED', 'DECLINED'),
      },
    });
    await expect(wrapped.buy.order({ fiatCurrency: 'RUB' } as never)).rejects.toThrow();
    await wrapped.buy.status('o-1');
    expect(tracked).toEqual([
      { name: 'buy_failed', props: { fiat: 'RUB', reason: 'RATE_EXPIRED' } },
      { name: 'buy_failed', props: { currency: 'BTC', fiat: 'RUB', reason: 'DECLINED' } },
    ]);
  });

  it('passcode set, changed and disabled once the gateway agreed, never with the code', async () => {
    const { wrapped, tracked } = setup({
      passcode: {
        enable: async () => {},
        change: () => Promise.reject(new ApiError(403, 'B2C_USM0031', 'wrong')),
        disable: async () => {},
      },
    });
    await wrapped.passcode.enable('1357');
    await expect(wrapped.passcode.change('0000', '2468')).rejects.toThrow();
    await wrapped.passcode.disable('1357');
    expect(tracked).toEqual([
      { name: 'passcode_set', props: {} },
      { name: 'passcode_disabled', props: {} },
    ]);
  });
});
