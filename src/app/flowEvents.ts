import type { Apis } from '../api/apis';
import type { AnalyticsEventName, AnalyticsFlow, AnalyticsProps, FlowOutcome } from '../../contracts/analytics';
import type { Analytics } from './analytics';

/** A failure's reason as the allow-list takes it: the gateway's error code, else UNKNOWN (never a message). */
export function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,39}$/.test(code) ? code : 'UNKNOWN';
}

/**
 * The gateway calls with the money flows' and the passcode's analytics derived from them, in one place
 * instead of in every machine or screen: a flow has started when its money-moving request leaves,
 * completed when the gateway accepted it, failed when it refused or could not be reached (a wrong
 * passcode, then the right one, is a failed and then a completed attempt). A card buy starts when its
 * order exists and ends when the order's status is final. Only codes and currencies are recorded.
 */
export function withFlowEvents(api: Apis, analytics: Pick<Analytics, 'track'>): Apis {
  const { track } = analytics;
  /** Runs a money-moving call between its flow's started and its completed or failed event. */
  async function attempt<F extends AnalyticsFlow, T>(
    flow: F,
    props: AnalyticsProps<`${F}_started`>,
    call: () => Promise<T>,
  ): Promise<T> {
    // The names are built from the flow; the contract gives all three events of a flow the same properties.
    const emit = (outcome: FlowOutcome, extra = {}) =>
      track(`${flow}_${outcome}` as AnalyticsEventName, { ...props, ...extra } as never);
    emit('started');
    try {
      const result = await call();
      emit('completed');
      return result;
    } catch (error) {
      emit('failed', { reason: reasonOf(error) });
      throw error;
    }
  }
  const swapPairs = new Map<string, { from: string; to: string }>();
  const finishedBuys = new Set<string>();

  return {
    ...api,
    send: {
      ...api.send,
      withdraw: (account, request, pincode) =>
        attempt('send', { currency: request.currency }, () => api.send.withdraw(account, request, pincode)),
    },
    swap: {
      ...api.swap,
      // The confirm names only the order: its pair is remembered from the order's creation.
      createOrder: async (account, request) => {
        const order = await api.swap.createOrder(account, request);
        swapPairs.set(order.id, { from: order.sourceCurrency, to: order.destinationCurrency });
        return order;
      },
      // A confirm after a reload has no remembered pair.
      confirm: (account, orderId, pincode) =>
        attempt('swap', swapPairs.get(orderId) ?? { from: 'UNKNOWN', to: 'UNKNOWN' }, () =>
          api.swap.confirm(account, orderId, pincode),
        ),
    },
    sell: {
      ...api.sell,
      sell: (account, request, pincode) =>
        attempt('sell', { currency: request.currency, fiat: request.fiatCurrency }, () =>
          api.sell.sell(account, request, pincode),
        ),
    },
    buy: {
      ...api.buy,
      order: async (request) => {
        try {
          const answer = await api.buy.order(request);
          track('buy_started', { currency: answer.data.order.currency, fiat: answer.data.order.fiatCurrency });
          return answer;
        } catch (error) {
          track('buy_failed', { fiat: request.fiatCurrency, reason: reasonOf(error) });
          throw error;
        }
      },
      // The status screen polls: an order's end is recorded once per app session.
      status: async (orderId) => {
        const order = await api.buy.status(orderId);
        const props = { currency: order.currency, fiat: order.fiatCurrency };
        if ((order.state === 'COMPLETED' || order.state === 'FAILED') && !finishedBuys.has(orderId)) {
          finishedBuys.add(orderId);
          if (order.state === 'COMPLETED') track('buy_completed', props);
          else track('buy_failed', { ...props, reason: order.failureReason ?? 'UNKNOWN' });
        }
        return order;
      },
    },
    passcode: {
      ...api.passcode,
      enable: async (pinCode) => {
        await api.passcode.enable(pinCode);
        track('passcode_set', {});
      },
      change: async (oldPinCode, pinCode) => {
        await api.passcode.change(oldPinCode, pinCode);
        track('passcode_changed', {});
      },
      disable: async (pinCode) => {
        await api.passcode.disable(pinCode);
        track('passcode_disabled', {});
      },
    },
  };
}
