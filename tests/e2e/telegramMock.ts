/**
 * A Telegram client stand-in for the browser: the page talks to `window.TelegramWebviewProxy` (as in
 * the mobile clients) and we answer the requests the SDK waits on. Every posted event is recorded in
 * `window.__tgEvents` so tests can assert what the app asked Telegram to do (e.g. expand the window).
 */
export const telegramBridgeScript = () => {
  const w = window as unknown as Record<string, any>;
  w.__tgEvents = [];
  const reply = (name: string, data: unknown) =>
    setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(name, data), 0);
  w.TelegramWebviewProxy = {
    postEvent(type: string, data: string) {
      w.__tgEvents.push({ type, data: data ? JSON.parse(data) : undefined });
      if (type === 'web_app_request_viewport' || type === 'web_app_expand') {
        reply('viewport_changed', { height: 844, width: 390, is_expanded: true, is_state_stable: true });
      } else if (type === 'web_app_request_theme') {
        reply('theme_changed', { theme_params: { bg_color: '#ffffff', text_color: '#000000' } });
      } else if (type === 'web_app_request_safe_area') {
        reply('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
      } else if (type === 'web_app_request_content_safe_area') {
        reply('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
      } else if (type === 'web_app_biometry_get_info') {
        reply('biometry_info_received', { available: false });
      }
    },
  };
};

/** The URL fragment a Telegram client opens a Mini App with. */
export function launchHash(initData: string, platform = 'ios'): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify({ bg_color: '#ffffff', text_color: '#000000' }),
  });
  return `#${params.toString()}`;
}
