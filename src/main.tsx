import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { i18n, activateLocale } from './i18n';
import { darkTheme } from './theme/themes.css';
import './theme/global.css';
import { Button } from './ui/Button';

await activateLocale('en');
document.body.classList.add(darkTheme);
createRoot(document.getElementById('root')!).render(
  <I18nProvider i18n={i18n}>
    <Button><Trans>Log in</Trans></Button>
  </I18nProvider>,
);
