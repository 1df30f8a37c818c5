import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { sendMachine, withdrawalOf, type SendFailure } from '../../../machines/send.machine';
import { selectSendScreen } from '../../../machines/send.selectors';
import { useServices } from '../../app/context';
import { showToast } from '../../ui/toast';
import { param } from '../asset/wiring';
import { scanErrorMessages, scannerMessages } from '../scanner/messages';
import { createScannerLogic } from '../scanner/services';
import { sendMessages } from './messages';
import { SendFlow } from './SendFlow';
import { createPasscodeStep } from './steps';
import type { SendActor } from './SendFormScreen';
import { reviewKeys, sendDrafts } from './storage';

function SendRoute({ currency }: { currency: string }) {
  const { send, platform } = useServices();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const self = useRef<SendActor | null>(null);
  const base = `/home/asset/${encodeURIComponent(currency)}/send`;
  const failed = (failure: SendFailure) => showToast({ kind: 'error', message: failure.message || i18n._(sendMessages.somethingWentWrong) });

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
          void navigate({ to: `${base}/review` });
        },
        showForm: () => void navigate({ to: base }),
        showProgress: () => {
          sendDrafts.clear(currency);
          void navigate({ to: `${base}/progress`, replace: true });
        },
        notifyPasted: () => showToast({ kind: 'success', message: i18n._(sendMessages.addressPasted) }),
        notifyPasteFailed: () => showToast({ kind: 'error', message: i18n._(sendMessages.pasteFailed) }),
        notifyFailed: (_, { failure }) => failed(failure),
      },
    }),
    { input: { currency, nativeScan: platform.nativeQr !== null } },
  );
  self.current = actor;

  // The URL follows the machine; a reload on review or progress comes back to the (restored) form,
  // and the browser's back button from the review edits it.
  const screen = useSelector(actor, selectSendScreen);
  const step = pathname.endsWith('/review') ? 'review' : pathname.endsWith('/progress') ? 'progress' : 'form';
  const lastStep = useRef(step);
  useEffect(() => {
    if (screen === 'form' && step !== 'form') void navigate({ to: base, replace: true });
  }, [screen]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const previous = lastStep.current;
    lastStep.current = step;
    if (previous === 'review' && step === 'form' && actor.getSnapshot().matches('review')) actor.send({ type: 'review.edited' });
  }, [step, actor]);

  return <SendFlow actor={actor} />;
}

/** /home/asset/$currency/send, /send/review and /send/progress: one send machine for the three. */
export function SendPage() {
  const currency = param(useParams({ strict: false }), 'currency');
  return <SendRoute key={currency} currency={currency} />;
}
