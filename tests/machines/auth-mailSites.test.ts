import { createActor } from 'xstate';
import { checkMailMachine } from '../../machines/checkMail.machine';
import { mailSiteFor } from '../../machines/shared/mailSites';

describe('mail site for an address', () => {
  it.each([
    ['a@gmail.com', 'https://mail.google.com'],
    ['A@GMail.COM', 'https://mail.google.com'],
    ['a@yandex.ru', 'https://mail.yandex.ru'],
    ['a@ya.ru', 'https://mail.yandex.ru'],
    ['a@mail.ru', 'https://e.mail.ru'],
    ['a@bk.ru', 'https://e.mail.ru'],
    ['a@inbox.ru', 'https://e.mail.ru'],
    ['a@list.ru', 'https://e.mail.ru'],
    ['a@outlook.com', 'https://outlook.live.com'],
    ['a@hotmail.co.uk', 'https://outlook.live.com'],
    ['a@live.ru', 'https://outlook.live.com'],
    ['a@icloud.com', 'https://www.icloud.com/mail'],
    ['a@me.com', 'https://www.icloud.com/mail'],
    ['a@company.io', 'https://company.io'],
    ['  a@company.io  ', 'https://company.io'],
    ['"odd@name"@example.org', 'https://example.org'],
  ])('%s → %s', (email, site) => {
    expect(mailSiteFor(email)).toBe(site);
  });

  it.each(['', 'no-at-sign', 'a@', 'a@localhost', 'a@exa mple.com'])('%j has none', (email) => {
    expect(mailSiteFor(email)).toBeNull();
  });
});

describe('check-mail machine', () => {
  it('opens the mail site each time it is asked, and never without one', () => {
    const opened: string[] = [];
    const machine = checkMailMachine.provide({ actions: { openLink: (_, { url }) => opened.push(url) } });
    const withSite = createActor(machine, { input: { email: 'me@yandex.ru' } }).start();
    withSite.send({ type: 'mailbox.opened' });
    withSite.send({ type: 'mailbox.opened' });
    expect(opened).toEqual(['https://mail.yandex.ru', 'https://mail.yandex.ru']);

    const without = createActor(machine, { input: { email: '' } }).start();
    expect(without.getSnapshot().can({ type: 'mailbox.opened' })).toBe(false);
  });
});
