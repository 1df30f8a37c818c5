import { Trans } from '@lingui/react/macro';
import { Hourglass } from 'lucide-react';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';

function Soon({ title }: { title: React.ReactNode }) {
  return (
    <Screen>
      <StatusBlock icon={<Hourglass size={36} strokeWidth={1.75} />} title={title}>
        <p className={screen.statusText}>
          <Trans>Coming soon. We are working on it.</Trans>
        </p>
      </StatusBlock>
    </Screen>
  );
}

export const ExchangePage = () => <Soon title={<Trans>Exchange</Trans>} />;
export const NotificationsPage = () => <Soon title={<Trans>Notifications</Trans>} />;
