import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectLanguage } from '../../../machines/preferences.selectors';
import { useServices } from '../../app/context';
import { languageNames, languages } from './languages';
import { Check } from 'lucide-react';
import { Screen } from '../../ui/Screen';
import * as css from './settings.css';

/** Picking a language applies it at once and, when signed in, saves it on the account (spec §3). */
export function LanguagePage() {
  const { preferences } = useServices();
  const current = useSelector(preferences, selectLanguage);
  return (
    <Screen back={{ to: '/settings' }} title={<Trans>Language</Trans>} titleId="language-title">
      <ul className={css.list} role="radiogroup" aria-labelledby="language-title">
        {languages.map((language) => (
          <li role="none" key={language}>
            <button
              type="button"
              role="radio"
              aria-checked={language === current}
              lang={language === 'RUS' ? 'ru' : 'en'}
              className={css.row}
              onClick={() => preferences.send({ type: 'language.selected', language })}
            >
              <span>{languageNames[language]}</span>
              {language === current ? <Check className={css.check} size={20} strokeWidth={2.5} aria-hidden /> : null}
            </button>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
