import { useParams, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { sendMachine, type SendFailure, type SendRoute } from '../../../machines/send.machine';
import { selectSendScreen } from '../../../machines/send.selectors';
import { useFiatRate } from '../../app/fiatRate';
import { useServices } from '../../app/context';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { param } from '../asset/wiring';
import { scanErrorMessages, scannerMessages } from '../scanner/messages';
import { createScannerLogic } from '../scanner/services';
import { useFlowRoute, type FlowRoute } from '../shared/useFlowRoute';
import { sendMessages } from './messages';
import { serverFailureText } from '../errors/messages';
import { SendFlow } from './SendFlow';
import type { SendActor } from './types';
import { reviewKeys, sendDrafts } from './storage';
import { createSendActors } from './services';
import { prefillOf } from './prefill';

const sendActors = (deps: FeatureDeps) => createSendActors({ ...deps, passcodeActive: deps.pinCodeActive });

const SUFFIX: Record<SendRoute, string> = { form: '', review: '/review', progress: '/progress' };
const STEPS = Object.keys(SUFFIX) as SendRoute[];

/** /send, /send/review, /send/progress; a reload on review or progress restarts on the form. */
const sendRoute = (currency: string): FlowRoute<SendActor, SendRoute> => ({
  stepOf: (s) => {
    const screen = selectSendScreen(s);
    return screen === 'loading' || screen === 'failed' ? null : screen;
  },
  // Another page's URL (a link out of the flow) is no step of it.
  urlStep: ({ pathname }) =>
    STEPS.find((step) => pathname.replace(/\/+$/, '').endsWith(`/send${SUFFIX[step]}`)) ?? null,
  locationOf: (step) => ({
    to: `/home/asset/$currency/send${SUFFIX[step]}` as '/home/asset/$currency/send',
    params: { currency },
  }),
  // The progress replaces the review: back does not lead to a review already sent.
  replaces: ['progress'],
});

function SendRoute({ currency }: { currency: string }) {
  const { platform, showToast } = useServices();
  const send = useFeatureActors(sendActors);
  // A payment request opened as a link (/pay, issue 25) starts the form filled in; read once, as input.
  const prefill = prefillOf(useRouterState({ select: (s) => s.location.state }));
  const { i18n } = useLingui();
  const failed = (failure: SendFailure) =>
    showToast({
      kind: 'error',
      message: serverFailureText((d) => i18n._(d), failure, sendMessages.somethingWentWrong),
    });

  const actor = useActorRef(
    sendMachine.provide({
      actors: {
        ...send.actors,
        passcode: send.actors.passcode.provide({ actions: { notifyFailed: (_, { failure }) => failed(failure) } }),
        scanner: createScannerLogic(platform, {
          popupTitle: i18n._(scannerMessages.popupTitle),
          scanned: () => showToast({ kind: 'success', message: i18n._(scannerMessages.scanned) }),
          failed: (error) => showToast({ kind: 'error', message: i18n._(scanErrorMessages[error.kind]) }),
        }),
      },
      actions: {
        forgetKey: (_, { signature }) => reviewKeys.forget(signature),
        saveDraft: (_, draft) => sendDrafts.save(currency, draft),
        clearDraft: () => sendDrafts.clear(currency),
        notifyPasted: () => showToast({ kind: 'success', message: i18n._(sendMessages.addressPasted) }),
        notifyPasteFailed: () => showToast({ kind: 'error', message: i18n._(sendMessages.pasteFailed) }),
        notifyFailed: (_, { failure }) => failed(failure),
      },
    }),
    { input: { currency, nativeScan: platform.nativeQr !== null, prefill } },
  );
  useFlowRoute(actor, sendRoute(currency));

  const rate = useFiatRate(currency);
  return <SendFlow actor={actor} rate={rate} />;
}

/** /home/asset/$currency/send, /send/review and /send/progress: one send machine for the three. */
export function SendPage() {
  const currency = param(useParams({ strict: false }), 'currency');
  return <SendRoute key={currency} currency={currency} />;
}
