import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectEmail } from '../../../machines/session.selectors';
import { useServices } from '../../app/services';
import { formatDayGroup, formatLongDate } from '../../i18n/dates';
import * as shell from '../shell/AppShell.css';

/** Placeholder until the wallet lands: who is signed in, and today's date in the active locale. */
export function HomePage() {
  const { session } = useServices();
  const email = useSelector(session, selectEmail);
  const { t, i18n } = useLingui();
  const now = new Date();
  return (
    <section className={shell.page} aria-labelledby="home-title">
      <p className={shell.muted}>
        <time dateTime={now.toISOString().slice(0, 10)}>
          {formatDayGroup(now, { today: t`Today`, yesterday: t`Yesterday` })}, {formatLongDate(now, i18n.locale)}
        </time>
      </p>
      <h1 id="home-title" className={shell.title}>
        {email ? <Trans>Welcome, {email}</Trans> : <Trans>Welcome</Trans>}
      </h1>
      <div className={shell.card}>
        <p className={shell.muted}>
          <Trans>Your wallet is being prepared. Balances, receive and send will appear here soon.</Trans>
        </p>
      </div>
    </section>
  );
}
