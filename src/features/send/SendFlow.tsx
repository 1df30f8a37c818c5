import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectFailure, selectSendScreen } from '../../../machines/send.selectors';
import type { FiatRate } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../asset/parts';
import { ProgressScreen } from './ProgressScreen';
import { ReviewScreen } from './ReviewScreen';
import { SendFormScreen } from './SendFormScreen';
import type { SendActor } from './types';
import * as shell from '../shell/AppShell.css';

/** The screen for the send machine's state: form, review (with the passcode step) or progress. */
export function SendFlow({ actor, rate = null }: { actor: SendActor; rate?: FiatRate | null }) {
  const { t } = useLingui();
  const screen = useSelector(actor, selectSendScreen);
  const failure = useSelector(actor, selectFailure);
  const currency = useSelector(actor, (s) => s.context.currency);
  if (screen === 'loading') return <Skeleton rows={3} label={t`Loading`} />;
  if (screen === 'failed') {
    return (
      <Screen back={{ to: `/home/asset/${encodeURIComponent(currency)}` }} title={<Trans>Send</Trans>}>
        <div role="alert" className={shell.card}>
          <p className={shell.muted}>
            {failure?.code === 'NOT_FOUND' ? (
              <Trans>This asset is not in your wallet.</Trans>
            ) : (
              <Trans>Could not load this asset.</Trans>
            )}
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'load.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      </Screen>
    );
  }
  if (screen === 'review') return <ReviewScreen actor={actor} rate={rate} />;
  if (screen === 'progress') return <ProgressScreen actor={actor} />;
  return <SendFormScreen actor={actor} rate={rate} />;
}
