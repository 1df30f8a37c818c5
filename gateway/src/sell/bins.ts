import type { CardInfo } from '../../../contracts/sell.js';

interface BinRange {
  prefix: string;
  code: string;
  system: 'MIR' | 'VISA' | 'MASTERCARD' | 'MAESTRO';
}

/**
 * Issuer prefixes of Russian banks (public BIN lists). The longest matching prefix wins, so a
 * four-digit range (Sberbank's MIR 2202, Visa 4276) and exact six-digit BINs live side by side.
 * Codes are the gateway's short bank codes; only SBR receives payouts (spec §9).
 */
export const RUSSIAN_BINS: readonly BinRange[] = [
  // Sberbank
  { prefix: '2202', code: 'SBR', system: 'MIR' },
  { prefix: '4276', code: 'SBR', system: 'VISA' },
  { prefix: '427901', code: 'SBR', system: 'VISA' },
  { prefix: '481776', code: 'SBR', system: 'VISA' },
  { prefix: '546901', code: 'SBR', system: 'MASTERCARD' },
  { prefix: '546938', code: 'SBR', system: 'MASTERCARD' },
  { prefix: '639002', code: 'SBR', system: 'MAESTRO' },
  // T-Bank (Tinkoff)
  { prefix: '220070', code: 'TCS', system: 'MIR' },
  { prefix: '437772', code: 'TCS', system: 'VISA' },
  { prefix: '437773', code: 'TCS', system: 'VISA' },
  { prefix: '521324', code: 'TCS', system: 'MASTERCARD' },
  { prefix: '553691', code: 'TCS', system: 'MASTERCARD' },
  // VTB
  { prefix: '220024', code: 'VTB', system: 'MIR' },
  { prefix: '427229', code: 'VTB', system: 'VISA' },
  // Alfa-Bank
  { prefix: '220015', code: 'ALFA', system: 'MIR' },
  { prefix: '415428', code: 'ALFA', system: 'VISA' },
  { prefix: '477964', code: 'ALFA', system: 'VISA' },
  { prefix: '548673', code: 'ALFA', system: 'MASTERCARD' },
  // Gazprombank
  { prefix: '220001', code: 'GPB', system: 'MIR' },
  { prefix: '487415', code: 'GPB', system: 'VISA' },
  // Raiffeisenbank
  { prefix: '220030', code: 'RAIF', system: 'MIR' },
  { prefix: '462730', code: 'RAIF', system: 'VISA' },
  // Otkritie
  { prefix: '220029', code: 'OTKR', system: 'MIR' },
  { prefix: '405870', code: 'OTKR', system: 'VISA' },
];

/** The payment system from the number's range alone, for cards of banks not in the table. */
function systemOfRange(bin: string): string {
  const four = Number(bin.slice(0, 4));
  if (four >= 2200 && four <= 2204) return 'MIR';
  if (bin.startsWith('4')) return 'VISA';
  if (/^5[1-5]/.test(bin) || (four >= 2221 && four <= 2720)) return 'MASTERCARD';
  return 'unknown';
}

/** Spec §3 card info by the first 6 digits: bank code or "unknown", and the payment system. */
export function lookupBin(bin: string): CardInfo {
  let best: BinRange | undefined;
  for (const range of RUSSIAN_BINS) {
    if (bin.startsWith(range.prefix) && (!best || range.prefix.length > best.prefix.length)) best = range;
  }
  return best ? { code: best.code, system: best.system } : { code: 'unknown', system: systemOfRange(bin) };
}
