import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/client.js';
import { DomainError, invalid } from '../domain/errors.js';
import { ErrorBody } from '../http/errors.js';
import { formatAmount, parsePositiveAmount } from '../wallet/amounts.js';
import { coinDecimals, coinNetwork } from '../wallet/catalogue.js';
import { findAccountByAddress } from '../wallet/deposits.js';
import { isValidAddress, NETWORKS, normalizeAddress, type Network } from './addresses.js';
import type { EvmAdapter } from './evm/adapter.js';
import type { SandboxChain } from './sandbox/chain.js';

const DepositBody = Type.Object(
  {
    currency: Type.String({ minLength: 1, maxLength: 32, examples: ['BTC'] }),
    address: Type.String({ minLength: 1, maxLength: 128 }),
    amount: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Decimal string in the coin\'s units, e.g. "0.5"',
      examples: ['0.5'],
    }),
  },
  { additionalProperties: false },
);

const DepositReply = Type.Object({
  txHash: Type.String(),
  currency: Type.String(),
  address: Type.String(),
  amount: Type.String(),
  status: Type.Literal('IN_PROGRESS'),
});

const Behaviour = Type.Object({
  confirmationMs: Type.Integer({ minimum: 10, maximum: 3_600_000, description: 'Time per block (one confirmation)' }),
  requiredConfirmations: Type.Integer({
    minimum: 1,
    maximum: 100,
    description: 'For deposits and broadcasts made from now on',
  }),
  failNextBroadcasts: Type.Integer({
    minimum: 0,
    maximum: 1000,
    description: 'Refuse this many of the next withdrawal broadcasts (they end FAILED, funds back)',
  }),
});

const ChainTx = Type.Object({
  txHash: Type.String(),
  network: Type.String(),
  currency: Type.String(),
  outputIndex: Type.Integer(),
  address: Type.String(),
  amount: Type.String(),
  confirmations: Type.Integer(),
  requiredConfirmations: Type.Integer(),
  status: Type.String(),
  createdAt: Type.String(),
  direction: Type.String({ description: 'IN: a deposit to us; OUT: one of our withdrawal broadcasts' }),
});

const errors = { 400: ErrorBody, 404: ErrorBody };

function networkOf(currency: string): Network {
  let network: string;
  try {
    network = coinNetwork(currency);
  } catch {
    throw invalid('UNKNOWN_CURRENCY', `Unknown currency ${currency}`, 'currency');
  }
  if (!(NETWORKS as readonly string[]).includes(network)) {
    throw invalid('UNSUPPORTED_CURRENCY', `The sandbox chain has no ${network} network`, 'currency');
  }
  return network as Network;
}

const HotWalletReply = Type.Object({
  network: Type.String(),
  chainId: Type.Integer(),
  address: Type.String({ description: 'The hot wallet: fund it from a node account so sends can go out' }),
  balance: Type.String({ description: 'Its ETH balance on the node, in ETH' }),
});

/** Sandbox only: a pretend blockchain to send deposits from and to tune; `evm` when ETH runs on a real node. */
export const devChainRoutes: FastifyPluginAsyncTypebox<{ db: Db; chain: SandboxChain; evm?: EvmAdapter }> = async (
  app,
  { db, chain, evm },
) => {
  app.get(
    '/dev/chain/hot-wallet',
    {
      schema: {
        tags: ['dev'],
        summary: "The hot wallet's address on a network served by a real node (ETH with ETH_RPC_URL)",
        querystring: Type.Object(
          { network: Type.String({ maxLength: 32, examples: ['ETH'] }) },
          { additionalProperties: false },
        ),
        response: { 200: HotWalletReply, ...errors },
      },
    },
    async (request) => {
      if (!evm || networkOf(request.query.network) !== evm.network)
        throw invalid(
          'UNSUPPORTED_NETWORK',
          `${request.query.network} runs on the sandbox chain, which has no hot wallet`,
          'network',
        );
      const balance = await evm.client.getBalance({ address: evm.hotWalletAddress });
      return {
        network: request.query.network,
        chainId: evm.chainId,
        address: evm.hotWalletAddress,
        balance: formatAmount(balance, coinDecimals('ETH')),
      };
    },
  );

  app.post(
    '/dev/chain/deposit',
    {
      schema: {
        tags: ['dev'],
        summary: 'Send a sandbox deposit to one of our addresses',
        description:
          'Recorded with a real-looking hash and 0 confirmations (IN_PROGRESS); credited once the sandbox chain reaches the required confirmations.',
        body: DepositBody,
        response: { 200: DepositReply, ...errors },
      },
    },
    async (request) => {
      const { currency } = request.body;
      const network = networkOf(currency);
      if (evm && network === evm.network)
        throw invalid(
          'UNSUPPORTED_CURRENCY',
          `${currency} runs on a real node here: send it from a node account`,
          'currency',
        );
      const decimals = coinDecimals(currency);
      // Chain amounts may use every decimal of the coin (18 for ETH), unlike amounts people type.
      const amountMinor = parsePositiveAmount(request.body.amount, { decimals, field: 'amount' });
      if (!isValidAddress(network, request.body.address)) {
        throw invalid('INVALID_ADDRESS', `Not a valid ${network} address`, 'address');
      }
      const address = normalizeAddress(network, request.body.address);
      if (!(await findAccountByAddress(db, currency, address))) {
        throw invalid('UNKNOWN_ADDRESS', `No ${currency} asset has this deposit address`, 'address');
      }
      const row = await chain.receive({ network, currency, address, amountMinor });
      return {
        txHash: row.txHash,
        currency,
        address,
        amount: formatAmount(amountMinor, decimals),
        status: 'IN_PROGRESS' as const,
      };
    },
  );

  app.get(
    '/dev/chain/transaction/:txHash',
    {
      schema: {
        tags: ['dev'],
        summary: 'A sandbox chain transaction as the chain sees it',
        params: Type.Object({ txHash: Type.String({ maxLength: 80 }) }),
        response: { 200: ChainTx, ...errors },
      },
    },
    async (request) => {
      const row = await chain.find(request.params.txHash);
      if (!row) throw new DomainError('not_found', 'NOT_FOUND', 'No such sandbox transaction', { field: 'txHash' });
      return {
        txHash: row.txHash,
        network: row.network,
        currency: row.currency,
        outputIndex: row.outputIndex,
        address: row.toAddress,
        amount: formatAmount(BigInt(row.amount), coinDecimals(row.currency)),
        confirmations: row.confirmations,
        requiredConfirmations: row.requiredConfirmations,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        direction: row.direction,
      };
    },
  );

  app.get(
    '/dev/chain/behaviour',
    {
      schema: { tags: ['dev'], summary: 'Current sandbox chain pace', response: { 200: Behaviour } },
    },
    async () => chain.knobs(),
  );

  app.post(
    '/dev/chain/behaviour',
    {
      schema: {
        tags: ['dev'],
        summary: 'Slow down or speed up the sandbox chain, or make broadcasts fail',
        description:
          'confirmationMs applies to every pending deposit and outgoing transfer at once; requiredConfirmations to new ones; failNextBroadcasts refuses that many of the next withdrawal broadcasts. Persisted across restarts.',
        body: Type.Partial(Behaviour, { additionalProperties: false }),
        response: { 200: Behaviour, ...errors },
      },
    },
    async (request) => {
      await chain.setBehaviour(request.body);
      return chain.knobs();
    },
  );
};
