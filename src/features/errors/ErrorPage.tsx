import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { CircleAlert } from 'lucide-react';
import { selectIsTelegram, selectSignedIn } from '../../../machines/session.selectors';
import { Button } from '../../ui/Button';
import * as button from '../../ui/Button.css';
import { useServices } from '../../app/context';
import { linkConfig } from '../../linkConfig';
import { errorMessages, somethingWentWrong, SUPPORT_CODE } from './messages';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';

/**
 * /error/{code}: where a failed messenger sign-in or link ends (spec §2, §8). Every code has a way on, as
 * fits the session: Home when signed in; inside the messenger the wallet opened afresh (a full load of
 * "/", so the init data signs in again without the spent link); in a browser the sign-in screens.
 */
export function ErrorPage() {
  const { code = '' } = useParams({ strict: false }) as { code?: string };
  const { i18n } = useLingui();
  const { platform, navigator, session } = useServices();
  const signedIn = useSelector(session, selectSignedIn);
  const inTelegram = useSelector(session, selectIsTelegram);
  const message = i18n._(errorMessages[code] ?? somethingWentWrong);
  const wayOn = signedIn ? (
    <Link to="/home" className={button.variant.primary}>
      <Trans>Go to Home</Trans>
    </Link>
  ) : inTelegram ? (
    <Link to="/" reloadDocument className={button.variant.primary}>
      <Trans>Open my wallet</Trans>
    </Link>
  ) : (
    <Button onClick={() => navigator.backToLogin()}>
      <Trans>Log in</Trans>
    </Button>
  );
  return (
    <Screen
      primary={wayOn}
      secondary={
        code === SUPPORT_CODE ? (
          <Button variant="secondary" onClick={() => platform.openLink(`mailto:${linkConfig.supportEmail}`)}>
            <Trans>Contact support</Trans>
          </Button>
        ) : undefined
      }
    >
      <StatusBlock
        icon={<CircleAlert size={36} strokeWidth={1.75} />}
        tone="error"
        title={<Trans>Unable to sign in</Trans>}
      >
        <p className={screen.statusText} data-code={code}>
          {message}
        </p>
      </StatusBlock>
    </Screen>
  );
}
