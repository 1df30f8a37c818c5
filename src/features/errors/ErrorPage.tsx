import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { useServices } from '../../app/context';
import { appConfig } from '../../config';
import { errorMessages, somethingWentWrong, SUPPORT_CODE } from './messages';
import * as shell from '../shell/AppShell.css';

/** /error/{code}: where a failed messenger sign-in or link ends (spec §2, §8). */
export function ErrorPage() {
  const { code = '' } = useParams({ strict: false }) as { code?: string };
  const { i18n } = useLingui();
  const { platform, navigator } = useServices();
  const message = i18n._(errorMessages[code] ?? somethingWentWrong);
  return (
    <section className={shell.centered} aria-labelledby="error-title">
      <h1 id="error-title" className={shell.title}><Trans>Unable to sign in</Trans></h1>
      <p className={shell.muted} data-code={code}>{message}</p>
      <div className={shell.page} style={{ width: '100%', flex: 'none' }}>
        {code === SUPPORT_CODE ? (
          <Button variant="secondary" onClick={() => platform.openLink(`mailto:${appConfig.supportEmail}`)}>
            <Trans>Contact support</Trans>
          </Button>
        ) : null}
        <Button onClick={() => navigator.backToLogin()}>
          <Trans>Back to login</Trans>
        </Button>
      </div>
    </section>
  );
}
