import { HDKey } from '@scure/bip32';
import { createBase58check } from '@scure/base';
import { Address as BtcAddress, NETWORK, p2pkh, p2wpkh, TEST_NETWORK } from '@scure/btc-signer';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { Address as TonAddress, beginCell, Cell, contractAddress } from '@ton/core';

/**
 * Deposit addresses for every network we hold, derived from one BIP39 seed.
 * Paths follow each network's common wallet convention so the same mnemonic restored in a
 * standard wallet (Electrum/Sparrow for BIP84, MetaMask, TronLink, Tonkeeper-style SLIP-10)
 * shows the same addresses — that is what makes the custody recoverable.
 */
export type Network = 'bitcoin' | 'ethereum' | 'tron' | 'ton' | 'litecoin' | 'dogecoin';
export const NETWORKS: readonly Network[] = ['bitcoin', 'ethereum', 'tron', 'ton', 'litecoin', 'dogecoin'];

export type BitcoinNetwork = 'mainnet' | 'testnet';

// Process-wide rather than a parameter so every caller keeps the (seed, network, index) contract;
// the gateway sets it once from BITCOIN_NETWORK at start (see chain/plugin.ts).
let bitcoinNetwork: BitcoinNetwork = 'mainnet';
export function setBitcoinNetwork(value: BitcoinNetwork) {
  bitcoinNetwork = value;
}
export function getBitcoinNetwork(): BitcoinNetwork {
  return bitcoinNetwork;
}

const LITECOIN = { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };
// Litecoin still accepts the legacy "3…" P2SH version byte that it shares with Bitcoin.
const LITECOIN_LEGACY_P2SH = { ...LITECOIN, scriptHash: 0x05 };
const DOGECOIN = { bech32: '', pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e };
const TRON_PREFIX = 0x41;

const base58check = createBase58check(sha256);

/** The derivation path of one deposit index: each network's standard, so other wallets can restore it. */
export function derivationPath(network: Network, index: number): string {
  switch (network) {
    case 'bitcoin':
      return `m/84'/${bitcoinNetwork === 'testnet' ? 1 : 0}'/0'/0/${index}`;
    case 'litecoin':
      return `m/84'/2'/0'/0/${index}`;
    case 'dogecoin':
      return `m/44'/3'/0'/0/${index}`;
    case 'ethereum':
      return `m/44'/60'/0'/0/${index}`;
    case 'tron':
      return `m/44'/195'/0'/0/${index}`;
    case 'ton':
      return `m/44'/607'/${index}'`;
  }
}

function assertIndex(index: number) {
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000)
    throw new RangeError(`Invalid address index: ${index}`);
}

// Deriving the root costs one HMAC-SHA512 per call; keep the last few roots (one seed per process in practice).
const roots = new Map<string, HDKey>();
function secpKey(seed: Uint8Array, path: string): HDKey {
  const id = bytesToHex(sha256(seed));
  let root = roots.get(id);
  if (!root) {
    root = HDKey.fromMasterSeed(seed);
    if (roots.size > 8) roots.clear();
    roots.set(id, root);
  }
  return root.derive(path);
}

function ethereumAddressOf(key: HDKey): string {
  const uncompressed = secp256k1.getPublicKey(key.privateKey!, false);
  return toChecksumAddress(bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12)));
}

/** EIP-55: a hex letter is upper-case when the matching nibble of keccak(lowercase address) is ≥ 8. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase().replace(/^0x/, '');
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

function tronAddressOf(key: HDKey): string {
  const uncompressed = secp256k1.getPublicKey(key.privateKey!, false);
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(keccak_256(uncompressed.subarray(1)).subarray(12), 1);
  return base58check.encode(payload);
}

/** SLIP-10 for ed25519: hardened-only, HMAC-SHA512 chain (what @ton/crypto does, but synchronous). */
export function slip10Ed25519(seed: Uint8Array, path: number[]): Uint8Array {
  let I = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed);
  for (const index of path) {
    const data = new Uint8Array(37);
    data.set(I.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (index | 0x80000000) >>> 0);
    I = hmac(sha512, I.subarray(32), data);
  }
  return I.slice(0, 32);
}

/**
 * Wallet v4R2's code, as every v4R2 wallet deploys it (the cell @ton/ton's WalletContractV4 builds
 * from the same bytes): a wallet's address is the hash of this code and its initial data.
 */
const WALLET_V4R2_CODE = Cell.fromBase64(
  'te6ccgECFAEAAtQAART/APSkE/S88sgLAQIBIAIDAgFIBAUE+PKDCNcYINMf0x/THwL4I7vyZO1E0NMf0x/T//QE0VFDuvKhUVG68qIF+QFUEGT5EPKj+AAkpMjLH1JAyx9SMMv/UhD0AMntVPgPAdMHIcAAn2xRkyDXSpbTB9QC+wDoMOAhwAHjACHAAuMAAcADkTDjDQOkyMsfEssfy/8QERITAubQAdDTAyFxsJJfBOAi10nBIJJfBOAC0x8hghBwbHVnvSKCEGRzdHK9sJJfBeAD+kAwIPpEAcjKB8v/ydDtRNCBAUDXIfQEMFyBAQj0Cm+hMbOSXwfgBdM/yCWCEHBsdWe6kjgw4w0DghBkc3RyupJfBuMNBgcCASAICQB4AfoA9AQw+CdvIjBQCqEhvvLgUIIQcGx1Z4MesXCAGFAEywUmzxZY+gIZ9ADLaRfLH1Jgyz8gyYBA+wAGAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+ICASAKCwBZvSQrb2omhAgKBrkPoCGEcNQICEekk30pkQzmkD6f+YN4EoAbeBAUiYcVnzGEAgFYDA0AEbjJftRNDXCx+AA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYAIBIA4PABmtznaiaEAga5Drhf/AABmvHfaiaEAQa5DrhY/AAG7SB/oA1NQi+QAFyMoHFcv/ydB3dIAYyMsFywIizxZQBfoCFMtrEszMyXP7AMhAFIEBCPRR8qcCAHCBAQjXGPoA0z/IVCBHgQEI9FHyp4IQbm90ZXB0gBjIywXLAlAGzxZQBPoCFMtqEssfyz/Jc/sAAgBsgQEI1xj6ANM/MFIkgQEI9Fnyp4IQZHN0cnB0gBjIywXLAlAFzxZQA/oCE8tqyx8Syz/Jc/sAAAr0AMntVA==',
);
/** The subwallet id wallets use by default: 698983191 plus the workchain. */
const WALLET_V4R2_BASECHAIN_ID = 698983191;

function tonAddressOf(seed: Uint8Array, index: number): string {
  const privateKey = slip10Ed25519(seed, [44, 607, index]);
  const publicKey = Buffer.from(ed25519.getPublicKey(privateKey));
  // Wallet v4R2 on the basechain with its default subwallet id, as Tonkeeper-style wallets deploy it:
  // seqno 0, the subwallet id, the key, an empty plugin dictionary.
  const data = beginCell()
    .storeUint(0, 32)
    .storeUint(WALLET_V4R2_BASECHAIN_ID, 32)
    .storeBuffer(publicKey)
    .storeBit(0)
    .endCell();
  const address = contractAddress(0, { code: WALLET_V4R2_CODE, data });
  // Non-bounceable (UQ…) is what wallets show for receiving: a transfer to an undeployed wallet must not bounce.
  return address.toString({ urlSafe: true, bounceable: false, testOnly: false });
}

export function deriveDepositAddress(seed: Uint8Array, network: Network, index: number): string {
  assertIndex(index);
  if (network === 'ton') return tonAddressOf(seed, index);
  const key = secpKey(seed, derivationPath(network, index));
  switch (network) {
    case 'bitcoin':
      return p2wpkh(key.publicKey!, bitcoinNetwork === 'testnet' ? TEST_NETWORK : NETWORK).address!;
    case 'litecoin':
      return p2wpkh(key.publicKey!, LITECOIN).address!;
    case 'dogecoin':
      return p2pkh(key.publicKey!, DOGECOIN).address!;
    case 'ethereum':
      return ethereumAddressOf(key);
    case 'tron':
      return tronAddressOf(key);
  }
  throw new Error(`Unknown network: ${network as string}`);
}

function decodes(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch {
    return false;
  }
}

function base58Version(address: string, versions: number[]): boolean {
  try {
    const bytes = base58check.decode(address);
    return bytes.length === 21 && versions.includes(bytes[0]!);
  } catch {
    return false;
  }
}

function isValidEthereum(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  // All one case carries no checksum (older wallets); mixed case must be exact EIP-55.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(body) === address;
}

function isValidTon(address: string): boolean {
  if (/^(0|-1):[0-9a-fA-F]{64}$/.test(address)) return true;
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(address)) return false;
  // parseFriendly checks the CRC16 and the tag; only basechain and masterchain exist.
  try {
    const { address: parsed } = TonAddress.parseFriendly(address);
    return parsed.workChain === 0 || parsed.workChain === -1;
  } catch {
    return false;
  }
}

/** Server-side truth for addresses: checksums decide, the spec's regexes are only UI hints. */
export function isValidAddress(network: Network, address: string): boolean {
  if (typeof address !== 'string' || address.length === 0 || address.length > 128) return false;
  switch (network) {
    case 'bitcoin': {
      const net = bitcoinNetwork === 'testnet' ? TEST_NETWORK : NETWORK;
      return decodes(() => BtcAddress(net).decode(address));
    }
    case 'litecoin':
      return (
        decodes(() => BtcAddress(LITECOIN).decode(address)) ||
        decodes(() => BtcAddress(LITECOIN_LEGACY_P2SH).decode(address))
      );
    case 'dogecoin':
      return base58Version(address, [DOGECOIN.pubKeyHash, DOGECOIN.scriptHash]);
    case 'ethereum':
      return isValidEthereum(address);
    case 'tron':
      return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) && base58Version(address, [TRON_PREFIX]);
    case 'ton':
      return isValidTon(address);
    default:
      return false;
  }
}

/**
 * The canonical spelling of a valid address, as deriveDepositAddress writes it, so lookups match
 * whatever form a sender pasted: EIP-55 case, lower-case bech32, TON non-bounceable url-safe.
 */
export function normalizeAddress(network: Network, address: string): string {
  if (!isValidAddress(network, address)) return address;
  switch (network) {
    case 'ethereum':
      return toChecksumAddress(address.slice(2));
    case 'bitcoin':
    case 'litecoin':
      return /^[A-Z0-9]+$/.test(address) && /^(BC|TB|LTC)1/.test(address) ? address.toLowerCase() : address;
    case 'ton': {
      const parsed = TonAddress.parse(address);
      const testOnly = TonAddress.isFriendly(address) ? TonAddress.parseFriendly(address).isTestOnly : false;
      return parsed.toString({ urlSafe: true, bounceable: false, testOnly });
    }
    default:
      return address;
  }
}
