/** The route components as the router mounts them: params, search and links, without network calls. */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import * as pages from '../../src/features/auth';
import { renderWithProviders } from '../support/render';
import { ServicesProvider } from '../../src/app/context';
import { createFakeServices, fakePlatform } from './app/harness';
import { isShown, text } from '../support/dom';

const { platform } = fakePlatform(false);

async function open(path: string) {
  const root = createRootRoute({ component: Outlet });
  const route = (p: string, component: () => React.ReactNode) =>
    createRoute({ getParentRoute: () => root, path: p, component });
  const tree = root.addChildren([
    route('/auth/login', pages.LoginPage),
    route('/auth/login/email', pages.LoginEmailPage),
    route('/auth/signup', pages.SignupPage),
    route('/auth/signup/email', pages.SignupEmailPage),
    route('/auth/signup/email/success', pages.SignupSuccessPage),
    route('/auth/forgot', pages.ForgotPage),
    route('/auth/forgot-success', pages.ForgotSuccessPage),
    route('/auth/forgot/$code', pages.ResetPage),
  ]);
  const router = createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(() => router.load());
  const { services } = createFakeServices({ platform });
  renderWithProviders(
    <ServicesProvider services={services}>
      <RouterProvider router={router} />
    </ServicesProvider>,
  );
  await act(async () => {});
  return router;
}

describe('auth pages', () => {
  it('welcome leads to e-mail login and to sign-up', async () => {
    const router = await open('/auth/login');
    expect(text(screen.getByRole('heading', { name: 'Welcome to your wallet' })), 'heading').toBe(
      'Welcome to your wallet',
    );
    expect(screen.getByRole('link', { name: /sign up/i }).getAttribute('href')).toBe('/auth/signup');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Log in with e-mail' }));
    expect(router.state.location.pathname).toBe('/auth/login/email');
    expect(text(screen.getByRole('heading', { name: 'Log in' })), 'heading').toBe('Log in');
  });

  it('sign-up choice leads to the e-mail form', async () => {
    const router = await open('/auth/signup');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign up with e-mail' }));
    expect(router.state.location.pathname).toBe('/auth/signup/email');
    expect(text(screen.getByRole('heading', { name: 'Create an account' })), 'heading').toBe('Create an account');
  });

  it('check-mail reads the address from ?email= and opens its mail site through the platform', async () => {
    const openLink = vi.spyOn(platform, 'openLink').mockImplementation(() => {});
    await open('/auth/signup/email/success?email=someone%40mail.ru');
    expect(isShown(screen.getByText('someone@mail.ru')), 'shown').toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open mail' }));
    expect(openLink).toHaveBeenCalledWith('https://e.mail.ru');
  });

  it('reset opens on its code route with the new-password field focused', async () => {
    await open('/auth/forgot/abc');
    expect(text(screen.getByRole('heading', { name: 'New password' })), 'heading').toBe('New password');
    expect(document.activeElement).toBe(screen.getByLabelText('New password', { selector: 'input' }));
  });

  it('forgot-success links back to login', async () => {
    const router = await open('/auth/forgot-success');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to login' }));
    expect(router.state.location.pathname).toBe('/auth/login/email');
  });
});
