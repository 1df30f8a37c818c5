import { Trans } from '@lingui/react/macro';
import * as shell from '../shell/AppShell.css';

function Soon({ title }: { title: React.ReactNode }) {
  return (
    <section className={shell.centered} aria-labelledby="soon-title">
      <h1 id="soon-title" className={shell.title}>{title}</h1>
      <p className={shell.muted}><Trans>Coming soon. We are working on it.</Trans></p>
    </section>
  );
}

export const ExchangePage = () => <Soon title={<Trans>Exchange</Trans>} />;
export const NotificationsPage = () => <Soon title={<Trans>Notifications</Trans>} />;
