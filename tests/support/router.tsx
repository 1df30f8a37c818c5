import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderWithProviders } from './render';

/**
 * Renders a screen inside a one-route TanStack router so its links work; the screen shows at every
 * path, and `router.state.location` tells where a link went.
 */
export async function renderInRouter(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const rootRoute = createRootRoute({ component: () => ui, notFoundComponent: () => null });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(() => router.load());
  const result = renderWithProviders(<RouterProvider router={router} />);
  await act(async () => {});
  return { ...result, router, location: () => router.state.location };
}
