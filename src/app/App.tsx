import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ServicesProvider } from './context';
import { NativeControlsProvider } from '../ui/nativeControls';
import type { ControlsHost } from '../ui/controlsHost';
import type { AppServices } from './services';
import type { AppRouter } from './router';

/** `controlsHost` drives the messenger's back and main buttons; null in a browser. */
export function App({
  services,
  router,
  controlsHost,
}: {
  services: AppServices;
  router: AppRouter;
  controlsHost: ControlsHost | null;
}) {
  return (
    <I18nProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <NativeControlsProvider host={controlsHost}>
          <RouterProvider router={router} />
        </NativeControlsProvider>
      </ServicesProvider>
    </I18nProvider>
  );
}
