// src/i18n/index.ts: the catalogue parts and language switches, whatever order their downloads end in.
// Each test starts from fresh modules (the i18n instance and the module's record of parts are state).
import { msg } from '@lingui/core/macro';

type I18nModule = typeof import('../../src/i18n');

/** A flows message (the send review's button) and a first-part one (the login screen's link). */
const confirmAndSend = msg`Confirm and send`;
const logInWithEmail = msg`Log in with e-mail`;

async function fresh(): Promise<I18nModule> {
  vi.resetModules();
  const module = await import('../../src/i18n');
  await module.activateLocale('en');
  return module;
}

describe('activateLocale and the catalogue parts', () => {
  it('a part first asked for while another language downloads comes in that language', async () => {
    const { activateLocale, loadFlowMessages, i18n } = await fresh();
    const switching = activateLocale('ru');
    const flows = loadFlowMessages();
    await Promise.all([switching, flows]);
    expect(i18n.locale).toBe('ru');
    expect(i18n._(logInWithEmail)).toBe('Войти по e-mail');
    expect(i18n._(confirmAndSend)).toBe('Подтвердить и отправить');
  });

  it('the latest activation wins over an earlier, slower one', async () => {
    const { activateLocale, i18n } = await fresh();
    const toRussian = activateLocale('ru');
    const backToEnglish = activateLocale('en');
    await Promise.all([toRussian, backToEnglish]);
    expect(i18n.locale).toBe('en');
    expect(i18n._(logInWithEmail)).toBe('Log in with e-mail');
    expect(document.documentElement.lang).toBe('en');
  });

  it('a part loaded before a switch comes along in the new language', async () => {
    const { activateLocale, loadFlowMessages, i18n } = await fresh();
    await loadFlowMessages();
    expect(i18n._(confirmAndSend)).toBe('Confirm and send');
    await activateLocale('ru');
    expect(i18n._(confirmAndSend)).toBe('Подтвердить и отправить');
  });
});
