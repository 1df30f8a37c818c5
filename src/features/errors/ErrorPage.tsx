import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { useServices } from '../../app/context';
import { linkConfig } from '../../linkConfig';
import { errorMessages, somethingWentWrong, SUPPORT_CODE } from './messages';
import { CircleAlert } from 'lucide-react';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';

/** /error/{code}: where a failed messenger sign-in or link ends (spec §2, §8). */
export function ErrorPage() {
  const { code = '' } = useParams({ strict: false }) as { code?: string };
  const { i18n } = useLingui();
  const { platform, navigator } = useServices();
  const message = i18n._(errorMessages[code] ?? somethingWentWrong);
  return (
    <Screen
      primary={
        <Button onClick={() => navigator.backToLogin()}>
          <Trans>Back to login</Trans>
        </Button>
      }
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
