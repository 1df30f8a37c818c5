import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectSwapScreen } from '../../../machines/swap.selectors';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { Skeleton } from '../asset/parts';
import { PickAssetScreen, type SwapActor } from './PickAssetScreen';
import { SwapOrderScreen, type SwapRates } from './SwapOrderScreen';
import { SwapReviewScreen } from './SwapReviewScreen';
import { SwapSuccessScreen } from './SwapSuccessScreen';
import * as shell from '../shell/AppShell.css';

const noRates: SwapRates = { from: null, to: null };

/** The screen for the swap machine's state: pickers, amounts, review (with the passcode step) or success. */
export function SwapFlow({ actor, rates = noRates }: { actor: SwapActor; rates?: SwapRates }) {
  const { t } = useLingui();
  const screen = useSelector(actor, selectSwapScreen);
  if (screen === 'loading') return <Skeleton rows={3} label={t`Loading`} />;
  if (screen === 'failed') {
    return (
      <Screen back={{ to: '/home' }} title={<Trans>Swap</Trans>}>
        <div role="alert" className={shell.card}>
          <p className={shell.muted}>
            <Trans>Could not load what you can swap.</Trans>
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'load.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      </Screen>
    );
  }
  if (screen === 'from' || screen === 'to') return <PickAssetScreen actor={actor} side={screen} />;
  if (screen === 'order') return <SwapOrderScreen actor={actor} rates={rates} />;
  if (screen === 'review') return <SwapReviewScreen actor={actor} rates={rates} />;
  return <SwapSuccessScreen actor={actor} />;
}
