import { createRoot } from 'react-dom/client';
import './theme/global.css';
import { captureLaunch } from './platform/launch';
import type { StartPlatform } from './platform';
import type { ControlsHost } from './ui/controlsHost';
import { webPlatform } from './platform/web';
import { activateLocale, loadSignedInMessages, localeOf } from './i18n';
import { createLiveServices } from './app/live';
import { createAppRouter } from './app/router';
import { preloadFirstScreen } from './app/pages';
import { hasStoredUser } from './auth/storedUser';
import { preloadIdentityProvider } from './auth/oidcAuth';
import { App } from './app/App';

// Read the URL first: the router normalises it, and the OIDC callback and link_token live in it.
const launch = captureLaunch();

// Fetch what the first screen needs while the entry boots, rather than one after another.
const userStored = hasStoredUser();
preloadFirstScreen(window.location.pathname, userStored);
// A returning user's Home paints its first frame from what the device knows: its calls wait for that
// frame (src/api/callGate.ts). Other screens may need an answer to paint anything, and so do sign-in, the
// OIDC callback and the messenger's start.
// The gate comes with the signed-in chunk (src/api/http.ts, its only other user), which this start loads
// anyway: no gateway call can go out before that chunk has run, and this hold is on by then.
if (userStored && !launch.isAuthCallback && !launch.looksLikeTelegram && /^\/home\/?$/.test(window.location.pathname))
  void import('./api/callGate').then((gate) => gate.callGate.holdUntilFirstPaint(3_000));
// The OIDC callback needs oidc-client-ts at once; a stored user is read without it (src/auth/storedUser.ts).
if (userStored || launch.isAuthCallback) preloadIdentityProvider();
if (launch.isAuthCallback) void import('oidc-client-ts');
// A stored user will most likely see the signed-in area: its messages come with the first catalogue.
if (userStored) void loadSignedInMessages();

/** The messenger's platform and the host for its native buttons, both downloaded only inside it. */
async function detectPlatform(): Promise<{ platform: StartPlatform; controlsHost: ControlsHost | null }> {
  const web = { platform: webPlatform, controlsHost: null };
  if (!launch.looksLikeTelegram) return web;
  try {
    const [{ createTelegramPlatform }, { createControlsHost }] = await Promise.all([
      import('./platform/telegram'),
      import('./ui/controlsHost'),
    ]);
    const platform = await createTelegramPlatform();
    if (!platform) return web;
    return { platform, controlsHost: platform.controls ? createControlsHost(platform.controls) : null };
  } catch (error) {
    // Runs as a web app.
    console.warn('Messenger SDK unavailable', error);
    return web;
  }
}

// The start in a function rather than at the top level: the bundler keeps its runtime helpers out of a
// module with top-level await, and as a chunk of their own they were one more request before the first paint.
async function start(): Promise<void> {
  const { platform, controlsHost } = await detectPlatform();

  const services = createLiveServices(launch, platform);
  services.preferences.start();
  // The first paint should already be in the user's language.
  await activateLocale(localeOf(services.preferences.getSnapshot().context.language));
  services.session.start();

  const router = createAppRouter(services, { beforeSignedIn: loadSignedInMessages });
  createRoot(document.getElementById('root')!).render(
    <App services={services} router={router} controlsHost={controlsHost} />,
  );
}

void start();
