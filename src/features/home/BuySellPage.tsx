import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { ChevronIcon } from '../../ui/icons';
import * as shell from '../shell/AppShell.css';
import * as settings from '../settings/settings.css';
import * as css from './home.css';

/** /home/buy-sell (spec §2): the card flows come in a later issue, so both are marked coming soon. */
export function BuySellPage() {
  return (
    <section className={shell.page} aria-labelledby="buy-sell-title">
      <Link to="/home" className={shell.muted}><Trans>‹ Home</Trans></Link>
      <h1 id="buy-sell-title" className={shell.title}><Trans>Buy or sell</Trans></h1>
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
    </section>
  );
}
