/**
 * Where sells are paid out, as chain/adapter.ts is for chains: the gateway talks only to this
 * interface; the sandbox implementation lives under ./sandbox. The provider is also the card vault:
 * the gateway hands it a card number once and keeps only the token it returns.
 */
export interface VaultCard {
  number: string;
  bankCode: string;
  bankSystem: string;
}

export interface PayoutRequest {
  /** The sell order id: the provider pays each reference at most once. */
  reference: string;
  vaultToken: string;
  fiatCurrency: string;
  /** Fiat minor units (kopecks). */
  fiatAmount: bigint;
}

export type PayoutStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'UNKNOWN';

/** The provider does not take payouts now; nothing was accepted. */
export class PayoutsUnavailableError extends Error {
  constructor(message = 'Payouts are temporarily unavailable') {
    super(message);
    this.name = 'PayoutsUnavailableError';
  }
}

export interface PayoutProvider {
  readonly name: string;
  /** Whether payouts are taken now; asked before a sell holds anything. */
  available(): Promise<boolean>;
  /**
   * Stores the card in the vault. The gateway keeps the token and the fingerprint: the vault's keyed
   * hash of the number, the same for the same number every time and never the number itself. Saved
   * cards and idempotent replays tell cards apart by it (two cards may share one mask).
   */
  tokenize(card: VaultCard): Promise<{ vaultToken: string; fingerprint: string }>;
  /** The fingerprint alone (nothing stored): a replay is checked against it before anything else. */
  fingerprint(number: string): Promise<string>;
  /** Accepts a payout (idempotent on reference), or throws PayoutsUnavailableError. */
  submit(payout: PayoutRequest): Promise<void>;
  /** Where a submitted payout stands; UNKNOWN when the provider never received it. */
  status(reference: string): Promise<PayoutStatus>;
}

/** Outside the sandbox until a real provider is configured: every sell is refused before a hold. */
export const noPayouts: PayoutProvider = {
  name: 'none',
  available: async () => false,
  tokenize: async () => {
    throw new PayoutsUnavailableError('No payout provider is configured');
  },
  fingerprint: async () => {
    throw new PayoutsUnavailableError('No payout provider is configured');
  },
  submit: async () => {
    throw new PayoutsUnavailableError('No payout provider is configured');
  },
  status: async () => 'UNKNOWN',
};
