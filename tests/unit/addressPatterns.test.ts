import { addressFromQr, chainKey, matchesChain, sameChain } from '../../machines/shared/addressPatterns';

const valid: Record<string, string[]> = {
  Bitcoin: [
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    // Testnet (the sandbox can run on it).
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
    'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
  ],
  Litecoin: ['LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9', 'ltc1qg82tk9fzq7xrx9jqx2rsl0m6q9l5cxzzzmjw6u'],
  Dogecoin: ['DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
  Tron: ['TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'],
  TON: [
    'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2',
    'UQBvI0aFLnw2QbZgjMPCLRdtRHxhUyinQudg6sdiohIwg5jL',
    `0:${'a'.repeat(64)}`,
  ],
  Ethereum: ['0x52908400098527886E0F7030069857D2E4169EE7', '0xde709f2102306220921060314715629080e2fb77'],
  ALL: ['anything at all'],
};

const invalid: Record<string, string[]> = {
  Bitcoin: [
    '',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5md',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0OIl',
  ],
  Litecoin: ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
  Dogecoin: ['DH5yaieqoZN36fDVciNyRueRGvGLR3mr7'],
  Tron: [
    'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeB',
    'AXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
    'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAe0f',
  ],
  TON: ['EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61', 'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q!'],
  Ethereum: [
    '0x52908400098527886E0F7030069857D2E4169EE',
    '52908400098527886E0F7030069857D2E4169EE7',
    '0xZZ908400098527886E0F7030069857D2E4169EE7',
  ],
  ALL: ['', '   '],
};

describe('address patterns (spec §5, guide §6)', () => {
  for (const [chain, list] of Object.entries(valid)) {
    it.each(list)(`${chain} accepts %s`, (address) => expect(matchesChain(chain, address)).toBe(true));
  }
  for (const [chain, list] of Object.entries(invalid)) {
    it.each(list.map((a) => [a]))(`${chain} refuses %j`, (address) => expect(matchesChain(chain, address)).toBe(false));
  }
  it('trims a pasted address before matching', () => {
    expect(matchesChain('Tron', '  TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf\n')).toBe(true);
  });
  it('names networks however the catalogue or the address book spells them', () => {
    expect(chainKey('BTC')).toBe('bitcoin');
    expect(chainKey('bitcoin')).toBe('bitcoin');
    expect(chainKey('TRX')).toBe('tron');
    expect(chainKey('Ethereum')).toBe('evm');
    expect(sameChain('Tron', 'TRX')).toBe(true);
    expect(sameChain('Ethereum', 'ethereum')).toBe(true);
    expect(sameChain('Ethereum', 'BSC')).toBe(false);
    expect(sameChain('Bitcoin', 'Litecoin')).toBe(false);
  });
});

describe('addresses in scanned QR codes', () => {
  it.each([
    ['ethereum:0x52908400098527886E0F7030069857D2E4169EE7', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['ethereum:0x52908400098527886E0F7030069857D2E4169EE7@1?value=1e18', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['ethereum:pay-0x52908400098527886E0F7030069857D2E4169EE7', '0x52908400098527886E0F7030069857D2E4169EE7'],
    [
      'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.1&label=Ann',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    ],
    ['BITCOIN:BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ'],
    ['tron:TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'],
    [
      'ton://transfer/EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2?amount=1',
      'EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2',
    ],
    [`0:${'b'.repeat(64)}`, `0:${'b'.repeat(64)}`],
    ['  TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf  ', 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'],
    ['ethereum:', ''],
  ])('%s → %s', (raw, address) => expect(addressFromQr(raw)).toBe(address));
});
