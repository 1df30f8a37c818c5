/** What the page was opened with, read before the router rewrites the URL. */
export type LaunchInfo = {
  /** The URL as opened, for an OIDC callback (code or error, plus state). */
  href: string;
  isAuthCallback: boolean;
  /** A one-time code from a messenger link (spec §4), to exchange together with the init data. */
  linkToken: string | null;
  /** The page carries messenger launch parameters, so the SDK is worth loading. */
  looksLikeTelegram: boolean;
};

export function captureLaunch(location: Location = window.location): LaunchInfo {
  const search = new URLSearchParams(location.search);
  const hash = location.hash;
  const isAuthCallback = (search.has('code') || search.has('error')) && search.has('state');
  // The gateway's t.me deep link carries the code as `startapp`, which Telegram hands over as the start param.
  const startParam = new URLSearchParams(hash.slice(1)).get('tgWebAppStartParam') ?? search.get('tgWebAppStartParam');
  const looksLikeTelegram =
    hash.includes('tgWebAppData') ||
    search.has('tgWebAppData') ||
    'TelegramWebviewProxy' in window ||
    // The SDK keeps launch params in sessionStorage, so a reload inside the messenger still counts.
    safeSessionHas('tapps/launchParams');
  const queryToken = search.get('link_token');
  const linkToken = queryToken ?? (looksLikeTelegram ? startParam : null);
  if (queryToken) {
    // The code is single-use; drop it so a reload does not try it again.
    search.delete('link_token');
    const query = search.toString();
    window.history.replaceState(window.history.state, '', `${location.pathname}${query ? `?${query}` : ''}${hash}`);
  }
  return { href: location.href, isAuthCallback, linkToken, looksLikeTelegram };
}

function safeSessionHas(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}
