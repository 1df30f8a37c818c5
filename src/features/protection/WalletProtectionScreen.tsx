import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { walletProtectionMachine } from '../../../machines/walletProtection.machine';
import type { biometricsMachine } from '../../../machines/biometrics.machine';
import {
  selectPasscodeActive,
  selectProtectionFailed,
  selectProtectionLoading,
} from '../../../machines/walletProtection.selectors';
import {
  selectBiometricsAvailable,
  selectBiometricsBusy,
  selectBiometricsConfirm,
  selectBiometricsEnabled,
} from '../../../machines/biometrics.selectors';
import { Button } from '../../ui/Button';
import { ChevronIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { Screen } from '../../ui/Screen';
import * as shell from '../shell/AppShell.css';
import * as settings from '../settings/settings.css';
import { PasscodeVerifyScreen } from '../passcode/PasscodeVerifyScreen';
import { RECOVERY_ROUTE } from '../passcode/RecoveryOffer';

export type WalletProtectionActor = ActorRefFrom<typeof walletProtectionMachine>;
export type BiometricsActor = ActorRefFrom<typeof biometricsMachine>;

function Switch({
  label,
  checked,
  busy,
  onClick,
}: {
  label: string;
  checked: boolean;
  busy?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      disabled={busy}
      className={settings.row}
      onClick={onClick}
    >
      <span>{label}</span>
      <span className={settings.track}>
        <span className={settings.thumb} />
      </span>
    </button>
  );
}

/**
 * Settings → Wallet protection (spec §2): passcode toggle, change passcode (only when active) and the
 * biometrics toggle (only on iOS inside the messenger with a passcode active). Machine state only.
 * `canRecover` (inside Telegram): a forgotten passcode can be reset with Telegram (docs/guide.md "Passcode recovery").
 */
export function WalletProtectionScreen({
  protection,
  biometrics,
  canRecover = false,
}: {
  protection: WalletProtectionActor;
  biometrics: BiometricsActor;
  canRecover?: boolean;
}) {
  const { t } = useLingui();
  const loading = useSelector(protection, selectProtectionLoading);
  const failed = useSelector(protection, selectProtectionFailed);
  const active = useSelector(protection, selectPasscodeActive);
  const biometricsShown = useSelector(biometrics, selectBiometricsAvailable) && active;
  const biometricsOn = useSelector(biometrics, selectBiometricsEnabled);
  const biometricsBusy = useSelector(biometrics, selectBiometricsBusy);
  const confirm = useSelector(biometrics, selectBiometricsConfirm);

  if (confirm) {
    return (
      <PasscodeVerifyScreen
        actorRef={confirm}
        title={t`Enter your passcode to turn on biometrics`}
        secondary={
          <Button variant="ghost" onClick={() => biometrics.send({ type: 'confirm.cancelled' })}>
            <Trans>Cancel</Trans>
          </Button>
        }
      />
    );
  }
  return (
    <Screen back={{ to: '/settings' }} title={<Trans>Wallet protection</Trans>} busy={loading}>
      <p className={shell.muted}>
        <Trans>A 4-digit passcode confirms sends and swaps.</Trans>
      </p>
      {loading ? <Spinner label={t`Loading`} /> : null}
      {failed ? (
        <div role="alert" className={shell.card}>
          <p className={shell.muted}>
            <Trans>Could not load your protection settings.</Trans>
          </p>
          <Button variant="secondary" onClick={() => protection.send({ type: 'protection.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : null}
      {loading || failed ? null : (
        <ul className={settings.list}>
          <li>
            <Switch
              label={t`Passcode`}
              checked={active}
              onClick={() => protection.send({ type: 'passcode.toggled' })}
            />
          </li>
          {active ? (
            <li>
              <button
                type="button"
                className={settings.row}
                onClick={() => protection.send({ type: 'change.requested' })}
              >
                <span>
                  <Trans>Change passcode</Trans>
                </span>
                <ChevronIcon />
              </button>
            </li>
          ) : null}
          {active && canRecover ? (
            <li>
              <Link to={RECOVERY_ROUTE} className={settings.row}>
                <span>
                  <Trans>Forgot your passcode?</Trans>
                </span>
                <ChevronIcon />
              </Link>
            </li>
          ) : null}
          {biometricsShown ? (
            <li>
              <Switch
                label={t`Biometrics`}
                checked={biometricsOn}
                busy={biometricsBusy}
                onClick={() => biometrics.send({ type: 'biometrics.toggled' })}
              />
            </li>
          ) : null}
        </ul>
      )}
    </Screen>
  );
}
