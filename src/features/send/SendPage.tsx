import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { sendMachine, withdrawalOf, type SendFailure, type SendRoute } from '../../../machines/send.machine';
import { useFiatRate } from '../../app/fiatRate';
import { useServices } from '../../app/context';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { param } from '../asset/wiring';
import { scanErrorMessages, scannerMessages } from '../scanner/messages';
import { createScannerLogic } from '../scanner/services';
import { sendMessages } from './messages';
import { serverFailureText } from '../errors/messages';
import { SendFlow } from './SendFlow';
import { createPasscodeStep } from './steps';
import type { SendActor } from './types';
import { reviewKeys, sendDrafts } from './storage';
import { createSendActors } from './services';

const sendActors = (deps: FeatureDeps) => createSendActors({ ...deps, passcodeActive: deps.pinCodeActive });

function SendRoute({ currency }: { currency: string }) {
  const { platform, showToast } = useServices();
  const send = useFeatureActors(sendActors);
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const step: SendRoute = pathname.endsWith('/review')
    ? 'review'
    : pathname.endsWith('/progress')
      ? 'progress'
      : 'form';
  const params = { currency };
  const self = useRef<SendActor | null>(null);
  const failed = (failure: SendFailure) =>
    showToast({
      kind: 'error',
      message: serverFailureText((d) => i18n._(d), failure, sendMessages.somethingWentWrong),
    });

  const actor = useActorRef(
    sendMachine.provide({
      actors: {
        ...send.actors,
        passcode: createPasscodeStep(send.withdraw, () => withdrawalOf(self.current!.getSnapshot().context), failed),
        scanner: createScannerLogic(platform, {
          popupTitle: i18n._(scannerMessages.popupTitle),
          scanned: () => showToast({ kind: 'success', message: i18n._(scannerMessages.scanned) }),
          failed: (error) => showToast({ kind: 'error', message: i18n._(scanErrorMessages[error.kind]) }),
        }),
      },
      actions: {
        forgetKey: (_, { signature }) => reviewKeys.forget(signature),
        showReview: (_, draft) => {
          sendDrafts.save(currency, draft);
          void navigate({ to: '/home/asset/$currency/send/review', params });
        },
        showForm: () => void navigate({ to: '/home/asset/$currency/send', params }),
        restoreFormUrl: (_, { needed }) => {
          if (needed) void navigate({ to: '/home/asset/$currency/send', params, replace: true });
        },
        showProgress: () => {
          sendDrafts.clear(currency);
          void navigate({ to: '/home/asset/$currency/send/progress', params, replace: true });
        },
        notifyPasted: () => showToast({ kind: 'success', message: i18n._(sendMessages.addressPasted) }),
        notifyPasteFailed: () => showToast({ kind: 'error', message: i18n._(sendMessages.pasteFailed) }),
        notifyFailed: (_, { failure }) => failed(failure),
      },
    }),
    { input: { currency, nativeScan: platform.nativeQr !== null, openedAt: step } },
  );
  self.current = actor;

  // The machine decides what a URL change means (the browser's back button from the review edits it);
  // a reload on review or progress is its `openedAt` input.
  useEffect(() => actor.send({ type: 'route.changed', route: step }), [step, actor]);

  const rate = useFiatRate(currency);
  return <SendFlow actor={actor} rate={rate} />;
}

/** /home/asset/$currency/send, /send/review and /send/progress: one send machine for the three. */
export function SendPage() {
  const currency = param(useParams({ strict: false }), 'currency');
  return <SendRoute key={currency} currency={currency} />;
}
