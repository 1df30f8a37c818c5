import { COINS } from '../../wallet/coins.js';

/**
 * Settings of the Ethereum adapter, read from the environment by config.ts's loadConfig (which
 * passes its `problems` so a bad variable stops the start like any other). Absent ETH_RPC_URL means
 * no adapter: ETH and its tokens stay on the sandbox chain exactly as before.
 */
export interface EvmConfig {
  rpcUrl: string;
  /** When set, the node must report this chain id or the gateway refuses to start. */
  chainId?: number;
  /** Confirmations before a deposit is credited and a withdrawal counts as final. */
  confirmations: number;
  /** How often the block follower looks for new blocks (and the sweeper runs). */
  pollMs: number;
  /** At most this many blocks per eth_getLogs call and per follower step. */
  logRange: number;
  /** A first start follows from this block (default: the head at that start). */
  startBlock?: bigint;
  /** A send still unmined after this long is replaced with a higher fee (same nonce). */
  replaceAfterMs: number;
  /** Token contracts by currency (USDT_ETH → USDT_ETH_CONTRACT); a token without one is not served. */
  tokens: Record<string, `0x${string}`>;
  /** Sandbox crash test only: the process SIGKILLs itself after signing a send, before sending it. */
  crashPoint?: 'after-sign';
}

/** Ethereum's tokens in the catalogue: each gets its contract from `<CURRENCY>_CONTRACT`. */
export const EVM_TOKENS = COINS.filter((c) => c.network === 'ethereum' && c.token).map((c) => c.currency);

/** Mainnet contracts, used when ETH_CHAIN_ID=1 and no override is given. */
const MAINNET_CONTRACTS: Record<string, `0x${string}`> = {
  USDT_ETH: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
};

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  min: number,
  max: number,
  fallback: number,
  problems: string[],
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    problems.push(`${name} must be an integer, ${min}–${max} (got ${JSON.stringify(raw)})`);
    return fallback;
  }
  return value;
}

export function loadEvmConfig(
  env: NodeJS.ProcessEnv,
  problems: string[],
  mode: { sandbox: boolean },
): EvmConfig | undefined {
  const rpcUrl = env.ETH_RPC_URL?.trim();
  if (!rpcUrl) return undefined;
  if (!/^(https?|wss?):\/\/\S+$/.test(rpcUrl)) {
    problems.push('ETH_RPC_URL must be an http(s):// or ws(s):// URL of an Ethereum JSON-RPC node');
    return undefined;
  }
  const chainIdRaw = env.ETH_CHAIN_ID?.trim();
  const chainId = chainIdRaw ? integer(env, 'ETH_CHAIN_ID', 1, 2 ** 31 - 1, 0, problems) : undefined;
  const startRaw = env.ETH_START_BLOCK?.trim();
  if (startRaw && !/^\d+$/.test(startRaw)) problems.push(`ETH_START_BLOCK must be a block number (got ${startRaw})`);
  const tokens: Record<string, `0x${string}`> = {};
  for (const currency of EVM_TOKENS) {
    const name = `${currency}_CONTRACT`;
    const raw = env[name]?.trim();
    if (raw && !ADDRESS.test(raw)) problems.push(`${name} must be a 0x-prefixed 20-byte contract address`);
    else if (raw) tokens[currency] = raw as `0x${string}`;
    else if (chainId === 1 && MAINNET_CONTRACTS[currency]) tokens[currency] = MAINNET_CONTRACTS[currency];
  }
  const crash = env.EVM_CRASH_POINT?.trim();
  if (crash && crash !== 'after-sign') problems.push('EVM_CRASH_POINT must be after-sign');
  return {
    rpcUrl,
    ...(chainId ? { chainId } : {}),
    confirmations: integer(env, 'ETH_CONFIRMATIONS', 1, 1000, 12, problems),
    pollMs: integer(env, 'ETH_POLL_MS', 50, 600_000, 4000, problems),
    logRange: integer(env, 'ETH_LOG_RANGE', 1, 10_000, 500, problems),
    ...(startRaw && /^\d+$/.test(startRaw) ? { startBlock: BigInt(startRaw) } : {}),
    replaceAfterMs: integer(env, 'ETH_REPLACE_AFTER_MS', 1000, 86_400_000, 180_000, problems),
    tokens,
    ...(crash === 'after-sign' && mode.sandbox ? { crashPoint: 'after-sign' as const } : {}),
  };
}
