import { createRoot } from 'react-dom/client';
import './theme/global.css';
import { captureLaunch } from './platform/launch';
import type { Platform } from './platform';
import { webPlatform } from './platform/web';
import { activateLocale, loadSignedInMessages, localeOf } from './i18n';
import { createLiveServices } from './app/live';
import { createAppRouter } from './app/router';
import { preloadFirstScreen } from './app/pages';
import { hasStoredUser } from './auth/userManager';
import { App } from './app/App';

// Read the URL first: the router normalises it, and the OIDC callback and link_token live in it.
const launch = captureLaunch();

// Fetch what the first screen needs while the entry boots, rather than one after another.
const userStored = hasStoredUser();
preloadFirstScreen(window.location.pathname, userStored);
if (userStored || launch.isAuthCallback) void import('oidc-client-ts');
// A stored user will most likely see the signed-in area: its messages come with the first catalogue.
if (userStored) void loadSignedInMessages();

async function detectPlatform(): Promise<Platform> {
  if (!launch.looksLikeTelegram) return webPlatform;
  try {
    const { createTelegramPlatform } = await import('./platform/telegram');
    return (await createTelegramPlatform()) ?? webPlatform;
  } catch (error) {
    console.warn('Messenger SDK unavailable, running as a web app', error);
    return webPlatform;
  }
}

const platform = await detectPlatform();

const services = createLiveServices(launch, platform);
services.preferences.start();
// The first paint should already be in the user's language.
await activateLocale(localeOf(services.preferences.getSnapshot().context.language));
services.session.start();

const router = createAppRouter(services, { beforeSignedIn: loadSignedInMessages });
createRoot(document.getElementById('root')!).render(<App services={services} router={router} />);
