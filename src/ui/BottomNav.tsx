import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { BellIcon, ExchangeIcon, GearIcon, HomeIcon } from './icons';
import * as css from './BottomNav.css';

/** Spec §1: Home, Exchange, Notifications and Settings; the two unfinished tabs carry a "soon" badge. */
export function BottomNav() {
  const { t } = useLingui();
  const items = [
    { to: '/home', label: t`Home`, icon: <HomeIcon />, soon: false },
    { to: '/exchange', label: t`Exchange`, icon: <ExchangeIcon />, soon: true },
    { to: '/notifications', label: t`Notifications`, icon: <BellIcon />, soon: true },
    { to: '/settings', label: t`Settings`, icon: <GearIcon />, soon: false },
  ] as const;
  return (
    <nav className={css.nav} aria-label={t`Main`}>
      <ul className={css.list}>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={css.link} activeProps={{ 'aria-current': 'page' }}>
              {item.icon}
              <span>{item.label}</span>
              {item.soon ? <span className={css.badge}>{t`soon`}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
