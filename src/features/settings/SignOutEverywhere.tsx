import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { signOutEverywhereMachine } from '../../../machines/signOutEverywhere.machine';
import {
  selectConfirmingSignOutEverywhere,
  selectSigningOutEverywhere,
} from '../../../machines/signOutEverywhere.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import { Button } from '../../ui/Button';
import { ChevronIcon } from '../../ui/icons';
import * as shell from '../shell/AppShell.css';
import * as css from './settings.css';

/**
 * Settings → Sign out of all devices (issue 20 item 3): a row, its confirmation and the busy state. Focus
 * moves into the confirmation when it opens and back to the row when it closes; Escape cancels.
 */
export function SignOutEverywhere() {
  const services = useSignedInServices();
  const { platform, showToast, session } = services;
  const navigate = useNavigate();
  const { t } = useLingui();
  const actor = useActorRef(
    signOutEverywhereMachine.provide({
      actors: { revokeSessions: services.settings.signOutEverywhere },
      actions: {
        endSession: () => {
          session.send({ type: 'session.revoked' });
          if (!platform.isTelegram) void navigate({ to: '/auth/login' });
        },
        reportSignedOut: () => showToast({ kind: 'success', message: t`Signed out of all devices` }),
        reportFailed: () => showToast({ kind: 'error', message: t`Could not sign out of all devices. Try again.` }),
      },
    }),
  );
  const confirming = useSelector(actor, selectConfirmingSignOutEverywhere);
  const busy = useSelector(actor, selectSigningOutEverywhere);
  const row = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (confirming) dialog.current?.focus();
    else if (wasOpen.current) row.current?.focus();
    wasOpen.current = confirming;
  }, [confirming]);

  return (
    <ul className={css.list}>
      <li>
        <button
          ref={row}
          type="button"
          className={css.row}
          aria-haspopup="dialog"
          aria-expanded={confirming}
          disabled={confirming}
          onClick={() => actor.send({ type: 'signOutEverywhere.requested' })}
        >
          <span>
            <Trans>Sign out of all devices</Trans>
          </span>
          <ChevronIcon />
        </button>
      </li>
      {confirming ? (
        <li>
          <section
            ref={dialog}
            tabIndex={-1}
            className={css.panel}
            role="alertdialog"
            aria-labelledby="sign-out-everywhere-title"
            aria-describedby="sign-out-everywhere-text"
            onKeyDown={(e) => {
              if (e.key === 'Escape' && !busy) actor.send({ type: 'signOutEverywhere.cancelled' });
            }}
          >
            <h2 id="sign-out-everywhere-title" className={css.panelTitle}>
              <Trans>Sign out of all devices?</Trans>
            </h2>
            <p id="sign-out-everywhere-text" className={shell.muted}>
              {platform.isTelegram ? (
                <Trans>
                  Every device signed in to your wallet is signed out, this one too. Telegram then signs you in here
                  again.
                </Trans>
              ) : (
                <Trans>Every device signed in to your wallet is signed out, this one too.</Trans>
              )}
            </p>
            <Button variant="secondary" busy={busy} onClick={() => actor.send({ type: 'signOutEverywhere.confirmed' })}>
              <Trans>Sign out everywhere</Trans>
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'signOutEverywhere.cancelled' })}>
              <Trans>Cancel</Trans>
            </Button>
          </section>
        </li>
      ) : null}
    </ul>
  );
}
