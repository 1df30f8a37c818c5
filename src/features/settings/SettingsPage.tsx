import { useActorRef, useSelector } from '@xstate/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { settingsMachine } from '../../../machines/settings.machine';
import { selectSigningOut } from '../../../machines/settings.selectors';
import {
  selectProfileFailed,
  selectProfileLoading,
  signedInAs as whoIsSignedIn,
  type SignedInAs,
} from '../../../machines/profile.selectors';
import { initDataUser } from '../../platform/initDataName';
import { selectCurrency, selectDarkTheme, selectLanguage } from '../../../machines/preferences.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import { linkConfig } from '../../linkConfig';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { ChevronIcon } from '../../ui/icons';
import { languageNames } from './languages';
import { TelegramLink } from './TelegramLink';
import { FindableSwitch } from './FindableSwitch';
import { NotificationsSection } from './NotificationsSection';
import { SignOutEverywhere } from './SignOutEverywhere';
import * as shell from '../shell/AppShell.css';
import * as css from './settings.css';

const sameSignedInAs = (a: SignedInAs | null, b: SignedInAs | null) =>
  a === b || (a !== null && b !== null && a.name === b.name && a.detail === b.detail);

export function SettingsPage() {
  const services = useSignedInServices();
  const { showToast } = services;
  const { platform, preferences, profile } = services;
  const navigate = useNavigate();
  const { t } = useLingui();
  const settings = useActorRef(
    settingsMachine.provide({
      actors: { signOut: services.settings.signOut },
      actions: {
        endSession: () => services.session.send({ type: 'user.signedOut' }),
        goToLogin: () => void navigate({ to: '/auth/login' }),
        reportSignOutFailed: () => showToast({ kind: 'error', message: t`Sign-out failed` }),
      },
    }),
  );
  // A Telegram-only user has no e-mail: the init data names them (issue 22: not "…").
  const here = initDataUser(platform.initData);
  const signedInAs = useSelector(profile, (s) => whoIsSignedIn(s, here), sameSignedInAs);
  const loading = useSelector(profile, selectProfileLoading);
  const failed = useSelector(profile, selectProfileFailed);
  const signingOut = useSelector(settings, selectSigningOut);
  const dark = useSelector(preferences, selectDarkTheme);
  const language = useSelector(preferences, selectLanguage);
  const currency = useSelector(preferences, selectCurrency);

  return (
    <Screen title={<Trans>Settings</Trans>}>
      <div className={shell.card} aria-busy={loading || undefined}>
        <span className={shell.muted}>
          <Trans>Signed in as</Trans>
        </span>
        {failed ? (
          <Button variant="ghost" onClick={() => profile.send({ type: 'profile.retried' })}>
            <Trans>Could not load your profile. Retry</Trans>
          </Button>
        ) : (
          <>
            <p className={css.email} data-testid="profile-email">
              {signedInAs?.name ?? '…'}
            </p>
            {signedInAs?.detail ? (
              <p className={shell.muted} data-testid="profile-username">
                {signedInAs.detail}
              </p>
            ) : null}
          </>
        )}
      </div>
      <ul className={css.list}>
        <li>
          <Link to="/settings/select-currency" className={css.row}>
            <span>
              <Trans>Currency</Trans>
            </span>
            <span className={css.value}>
              {currency}
              <ChevronIcon />
            </span>
          </Link>
        </li>
        <li>
          <Link to="/settings/select-language" className={css.row}>
            <span>
              <Trans>Language</Trans>
            </span>
            <span className={css.value}>
              {languageNames[language]}
              <ChevronIcon />
            </span>
          </Link>
        </li>
        {platform.isTelegram ? null : <TelegramLink />}
        <FindableSwitch />
        <li>
          <button
            type="button"
            role="switch"
            aria-checked={dark}
            className={css.row}
            onClick={() => preferences.send({ type: 'theme.toggled' })}
          >
            <span>
              <Trans>Dark theme</Trans>
            </span>
            <span className={css.track}>
              <span className={css.thumb} />
            </span>
          </button>
        </li>
        <li>
          <Link to="/settings/wallet-protection" className={css.row}>
            <span>
              <Trans>Wallet protection</Trans>
            </span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <Link to="/settings/address-book" className={css.row}>
            <span>
              <Trans>Address book</Trans>
            </span>
            <ChevronIcon />
          </Link>
        </li>
      </ul>
      <NotificationsSection />
      <ul className={css.list}>
        <li>
          <button type="button" className={css.row} onClick={() => platform.openLink(linkConfig.termsUrl)}>
            <Trans>Terms of use</Trans>
            <ChevronIcon />
          </button>
        </li>
        <li>
          <button type="button" className={css.row} onClick={() => platform.openLink(linkConfig.privacyUrl)}>
            <Trans>Privacy policy</Trans>
            <ChevronIcon />
          </button>
        </li>
        <li>
          <button
            type="button"
            className={css.row}
            onClick={() => platform.openLink(`mailto:${linkConfig.supportEmail}`)}
          >
            <Trans>Feedback</Trans>
            <ChevronIcon />
          </button>
        </li>
      </ul>
      <SignOutEverywhere />
      {platform.isTelegram ? null : (
        <Button variant="secondary" busy={signingOut} onClick={() => settings.send({ type: 'logout.requested' })}>
          <Trans>Log out</Trans>
        </Button>
      )}
    </Screen>
  );
}
