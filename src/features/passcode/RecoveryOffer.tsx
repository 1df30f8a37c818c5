import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProfileActor } from '../../app/actors';
import type { AppServices } from '../../app/services';
import { useOptionalServices } from '../../app/signedInContext';
import { selectProfileEmail, selectTelegramLink } from '../../../machines/profile.selectors';
import * as button from '../../ui/Button.css';
import { passcodeMessages } from './messages';
import * as css from './passcode.css';
import { ResetPasswordButton } from './ResetPasswordButton';

/** Where Telegram recovery lives (src/features/protection, docs/guide.md "Passcode recovery"). */
export const RECOVERY_ROUTE = '/settings/wallet-protection/recover';

/**
 * The way out of a blocked passcode (B2C_USM0032) for whoever is looking: inside Telegram with a linked
 * Telegram account, a fresh Telegram confirmation; with an e-mail, the reset mail (both when both apply);
 * a Telegram-only user outside Telegram is told to open the wallet there.
 */
export function RecoveryOffer() {
  const services = useOptionalServices();
  const profile = services?.signedIn()?.profile;
  return (
    <Offer
      inTelegram={services?.platform.isTelegram ?? false}
      profile={profile ?? null}
      services={services?.signedIn() ? services : null}
    />
  );
}

function Offer({
  inTelegram,
  profile,
  services,
}: {
  inTelegram: boolean;
  profile: ProfileActor | null;
  services: AppServices | null;
}) {
  const { i18n } = useLingui();
  const linked = useSelector(profile ?? undefined, (s) => (s ? selectTelegramLink(s) !== null : false)) ?? false;
  const email = useSelector(profile ?? undefined, (s) => (s ? selectProfileEmail(s) : null)) ?? null;
  const telegramOnly = linked && email === null;
  return (
    <>
      {inTelegram && linked ? (
        <Link to={RECOVERY_ROUTE} className={button.variant.primary}>
          <Trans>Reset passcode with Telegram</Trans>
        </Link>
      ) : null}
      {telegramOnly ? (
        inTelegram ? null : (
          <p className={css.hint}>
            <Trans>Open the wallet in Telegram to reset your passcode there.</Trans>
          </p>
        )
      ) : (
        <>
          <p className={css.hint}>{i18n._(passcodeMessages.blockedHelp)}</p>
          {/* The reset itself, one press away (issue 22: the blocked screen had no action). */}
          {services && email ? <ResetPasswordButton services={services} email={email} /> : null}
        </>
      )}
    </>
  );
}
