import { Trans } from '@lingui/react/macro';
import { ChevronIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import * as settings from '../settings/settings.css';
import * as css from './home.css';

/** /home/buy-sell (spec §2): the card flows come in a later issue, so both are marked coming soon. */
export function BuySellPage() {
  return (
    <Screen back={{ to: '/home' }} title={<Trans>Buy or sell</Trans>}>
      <ul className={settings.list}>
        <li>
          <button type="button" className={settings.row} disabled aria-describedby="buy-soon">
            <span><Trans>Buy with card</Trans></span>
            <span className={settings.value}><span id="buy-soon" className={css.hint}><Trans>Coming soon</Trans></span><ChevronIcon /></span>
          </button>
        </li>
        <li>
          <button type="button" className={settings.row} disabled aria-describedby="sell-soon">
            <span><Trans>Sell to card</Trans></span>
            <span className={settings.value}><span id="sell-soon" className={css.hint}><Trans>Coming soon</Trans></span><ChevronIcon /></span>
          </button>
        </li>
      </ul>
    </Screen>
  );
}
