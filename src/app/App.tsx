import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ServicesProvider } from './context';
import type { AppServices } from './services';
import type { AppRouter } from './router';

export function App({ services, router }: { services: AppServices; router: AppRouter }) {
  return (
    <I18nProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </I18nProvider>
  );
}
