import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { settingsMachine } from '../../../machines/settings.machine';
import { selectSigningOut } from '../../../machines/settings.selectors';
import type { AppServices } from '../../app/services';
import { Button } from '../../ui/Button';

/**
 * The way out of a blocked passcode for an e-mail account (spec §4: a password reset unblocks it): signs
 * out, as Settings' Log out does, and opens "Forgot password?" with the address filled in.
 */
export function ResetPasswordButton({ services, email }: { services: AppServices; email: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const signedIn = services.signedIn()!;
  const actor = useActorRef(
    settingsMachine.provide({
      actors: { signOut: signedIn.settings.signOut },
      actions: {
        // The silent sign-out (as after a refused token) keeps the 1 s grace before the signed-in area sends
        // the user to /auth/login, so the navigation to "Forgot password?" lands first.
        endSession: () => services.session.send({ type: 'session.expired' }),
        goToLogin: () => void navigate({ to: '/auth/forgot', search: { email } as never }),
        reportSignOutFailed: () => services.showToast({ kind: 'error', message: t`Sign-out failed` }),
      },
    }),
  );
  const busy = useSelector(actor, selectSigningOut);
  return (
    <Button busy={busy} disabled={busy} onClick={() => actor.send({ type: 'logout.requested' })}>
      <Trans>Reset password</Trans>
    </Button>
  );
}
