import { createKeyStore } from '../../src/app/idempotencyKeys';

describe('createKeyStore (one idempotency key per review, guide §8 item 12)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('gives the same key for the same review until it is forgotten, and keeps it in sessionStorage', () => {
    const keys = createKeyStore('send.key:');
    const first = keys.keyFor('BTC|bc1q|0.5');
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys.keyFor('BTC|bc1q|0.5')).toBe(first);
    // A reload builds the store again and finds the key.
    expect(createKeyStore('send.key:').keyFor('BTC|bc1q|0.5')).toBe(first);
    expect(window.sessionStorage.getItem('send.key:BTC|bc1q|0.5')).toBe(first);
    expect(keys.keyFor('BTC|bc1q|0.6')).not.toBe(first);
    keys.forget('BTC|bc1q|0.5');
    expect(window.sessionStorage.getItem('send.key:BTC|bc1q|0.5')).toBeNull();
    expect(keys.keyFor('BTC|bc1q|0.5')).not.toBe(first);
    keys.forget(null);
  });

  it('keeps each flow under its own prefix', () => {
    const sell = createKeyStore('sell.key:').keyFor('same');
    const swap = createKeyStore('swap.key:').keyFor('same');
    expect(sell).not.toBe(swap);
    expect(window.sessionStorage.getItem('sell.key:same')).toBe(sell);
    expect(window.sessionStorage.getItem('swap.key:same')).toBe(swap);
  });

  it('still gives a key when storage is blocked (it then lives for the page only)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(createKeyStore('buy.key:').keyFor('order')).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});
