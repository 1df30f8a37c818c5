import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { selectLanguage } from '../../../machines/preferences.selectors';
import { useServices } from '../../app/context';
import { languageNames, languages } from './languages';
import * as shell from '../shell/AppShell.css';
import * as css from './settings.css';

/** Picking a language applies it at once and, when signed in, saves it on the account (spec §3). */
export function LanguagePage() {
  const { preferences } = useServices();
  const current = useSelector(preferences, selectLanguage);
  return (
    <section className={shell.page} aria-labelledby="language-title">
      <Link to="/settings" className={shell.muted}><Trans>‹ Settings</Trans></Link>
      <h1 id="language-title" className={shell.title}><Trans>Language</Trans></h1>
      <ul className={css.list} role="radiogroup" aria-labelledby="language-title">
        {languages.map((language) => (
          <li key={language}>
            <button
              type="button"
              role="radio"
              aria-checked={language === current}
              lang={language === 'RUS' ? 'ru' : 'en'}
              className={css.row}
              onClick={() => preferences.send({ type: 'language.selected', language })}
            >
              <span>{languageNames[language]}</span>
              {language === current ? <span className={css.check} aria-hidden="true">✓</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
