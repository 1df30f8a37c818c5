import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { telegramLinkMachine } from '../../../machines/telegramLink.machine';
import {
  selectConfirmingUnlink,
  selectDeepLink,
  selectLinkBusy,
  selectLinked,
  selectLinkFailed,
  selectLinkLoading,
  selectLinkPasscode,
  selectLinkSwitchOn,
  selectLinkUnknown,
} from '../../../machines/telegramLink.selectors';
import { selectPinCodeActive } from '../../../machines/profile.selectors';
import { useFeatureActors } from '../../app/featureActors';
import { useSignedInServices } from '../../app/signedInContext';
import { Button } from '../../ui/Button';
import { PinPad } from '../../ui/PinPad';
import {
  selectKeypad,
  selectLocked,
  selectVerifyBusy,
  selectVerifyError,
} from '../../../machines/passcodeVerify.selectors';
import type { PasscodeVerifyActor } from '../passcode/PasscodeVerifyScreen';
import { passcodeErrorText } from '../passcode/messages';
import { QrCode } from '../asset/QrCode';
import * as shell from '../shell/AppShell.css';
import { createTelegramLinkActors } from './services';
import * as css from './settings.css';

/** Settings' messenger-connect toggle and its link / unlink panels (outside the messenger only, spec §2). */
export function TelegramLink() {
  const { platform, showToast, profile } = useSignedInServices();
  const actors = useFeatureActors(createTelegramLinkActors);
  const { t } = useLingui();
  const link = useActorRef(
    telegramLinkMachine.provide({
      actors,
      actions: {
        openDeepLink: (_, { deepLink }) => platform.openLink(deepLink),
        reportLinked: () => showToast({ kind: 'success', message: t`Telegram connected` }),
        reportCodeFailed: (_, { signInAgain }) =>
          showToast({
            kind: 'error',
            message: signInAgain
              ? t`For your security, sign in again to connect Telegram.`
              : t({ id: 'common_something_went_wrong', message: 'Something went wrong...' }),
          }),
        reportCodeExpired: () => showToast({ kind: 'error', message: t`The link expired. Try again.` }),
        reportUnlinked: () => showToast({ kind: 'success', message: t`Telegram disconnected` }),
        reportUnlinkFailed: (_, { onlyWayIn }) =>
          showToast({
            kind: 'error',
            message: onlyWayIn
              ? t`Telegram is your only way in: add an e-mail and password first.`
              : t({ id: 'common_something_went_wrong', message: 'Something went wrong...' }),
          }),
      },
    }),
    // With a passcode set, the link code is asked for with it (docs/security-telegram-link.md).
    { input: { passcodeActive: selectPinCodeActive(profile.getSnapshot()) === true } },
  );
  useEffect(() => {
    const focused = () => link.send({ type: 'window.focused' });
    window.addEventListener('focus', focused);
    return () => window.removeEventListener('focus', focused);
  }, [link]);

  const loading = useSelector(link, selectLinkLoading);
  const unknown = useSelector(link, selectLinkUnknown);
  const failed = useSelector(link, selectLinkFailed);
  const busy = useSelector(link, selectLinkBusy);
  const on = useSelector(link, selectLinkSwitchOn);
  const linked = useSelector(link, selectLinked);
  const deepLink = useSelector(link, selectDeepLink);
  const confirming = useSelector(link, selectConfirmingUnlink);
  const passcode = useSelector(link, selectLinkPasscode);

  return (
    <>
      <li>
        {failed ? (
          <button type="button" className={css.row} onClick={() => link.send({ type: 'retried' })}>
            <span>
              <Trans>Connect Telegram</Trans>
            </span>
            <span className={css.value}>
              <Trans>Retry</Trans>
            </span>
          </button>
        ) : (
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-busy={loading || busy || undefined}
            disabled={loading || busy || confirming || Boolean(deepLink)}
            className={css.row}
            data-testid="telegram-link-switch"
            onClick={() => link.send({ type: linked ? 'toggled.off' : 'toggled.on' })}
          >
            <span>
              <Trans>Connect Telegram</Trans>
              <span className={css.hint} data-testid="telegram-link-status">
                {unknown ? (
                  '…'
                ) : linked ? (
                  <Trans>Linked</Trans>
                ) : deepLink ? (
                  <Trans>Waiting for Telegram</Trans>
                ) : (
                  <Trans>Not linked</Trans>
                )}
              </span>
            </span>
            <span className={css.track}>
              <span className={css.thumb} />
            </span>
          </button>
        )}
      </li>
      {deepLink ? (
        <li>
          <section className={css.panel} aria-labelledby="telegram-link-title" data-testid="telegram-link-panel">
            <h2 id="telegram-link-title" className={css.panelTitle}>
              <Trans>Finish in Telegram</Trans>
            </h2>
            <p className={shell.muted}>
              <Trans>Open the link in Telegram or scan the code with your phone.</Trans>
            </p>
            <QrCode value={deepLink} label={deepLink} testId="telegram-link-qr" />
            <a
              className={css.deepLink}
              href={deepLink}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="telegram-deep-link"
            >
              {deepLink}
            </a>
            <Button onClick={() => platform.openLink(deepLink)}>
              <Trans>Open Telegram</Trans>
            </Button>
            <Button variant="ghost" onClick={() => link.send({ type: 'link.cancelled' })}>
              <Trans>Cancel</Trans>
            </Button>
          </section>
        </li>
      ) : null}
      {passcode ? (
        <li>
          <TelegramLinkPasscode actorRef={passcode} onCancel={() => link.send({ type: 'passcode.cancelled' })} />
        </li>
      ) : null}
      {confirming ? (
        <li>
          <section
            className={css.panel}
            role="alertdialog"
            aria-labelledby="telegram-unlink-title"
            aria-describedby="telegram-unlink-text"
          >
            <h2 id="telegram-unlink-title" className={css.panelTitle}>
              <Trans>Disconnect Telegram?</Trans>
            </h2>
            <p id="telegram-unlink-text" className={shell.muted}>
              <Trans>Telegram will no longer sign you in here.</Trans>
            </p>
            <Button variant="secondary" busy={busy} onClick={() => link.send({ type: 'unlink.confirmed' })}>
              <Trans>Disconnect</Trans>
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => link.send({ type: 'unlink.cancelled' })}>
              <Trans>Cancel</Trans>
            </Button>
          </section>
        </li>
      ) : null}
    </>
  );
}

/** The passcode a link code is asked for with (the gateway wants a recent sign-in or the passcode). Renders the step's state only. */
function TelegramLinkPasscode({ actorRef, onCancel }: { actorRef: PasscodeVerifyActor; onCancel: () => void }) {
  const { i18n, t } = useLingui();
  const keypad = useSelector(actorRef, selectKeypad);
  const busy = useSelector(actorRef, selectVerifyBusy);
  const error = useSelector(actorRef, selectVerifyError);
  const locked = useSelector(actorRef, selectLocked);
  return (
    <section className={css.panel} aria-labelledby="telegram-link-passcode-title" data-testid="telegram-link-passcode">
      <h2 id="telegram-link-passcode-title" className={css.panelTitle}>
        <Trans>Enter your passcode to connect Telegram</Trans>
      </h2>
      {error ? (
        <p role="alert" className={shell.muted}>
          {passcodeErrorText(i18n, error)}
        </p>
      ) : null}
      <PinPad keypad={keypad} disabled={busy || locked} label={t`Passcode keypad`} />
      <Button variant="ghost" disabled={busy} onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
    </section>
  );
}
