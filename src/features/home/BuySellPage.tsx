import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { ChevronIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import * as settings from '../settings/settings.css';

/** /home/buy-sell (spec §2): buy crypto with a card, or sell crypto to a card. */
export function BuySellPage() {
  return (
    <Screen back={{ to: '/home' }} title={<Trans>Buy or sell</Trans>}>
      <ul className={settings.list}>
        <li>
          <Link to="/buy/get" className={settings.row}>
            <span>
              <Trans>Buy with card</Trans>
            </span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <Link to="/sell/get" className={settings.row}>
            <span>
              <Trans>Sell to card</Trans>
            </span>
            <ChevronIcon />
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
