import type { Page } from 'playwright-core';

/**
 * A Telegram client stand-in for the browser: the page talks to `window.TelegramWebviewProxy` (as in
 * the mobile clients) and we answer the requests the SDK waits on. Every posted event is recorded in
 * `window.__tgEvents` so tests can assert what the app asked Telegram to do (e.g. expand the window).
 */
export const telegramBridgeScript = () => {
  const w = window as unknown as Record<string, any>;
  w.__tgEvents = [];
  // Set by an earlier init script (telegramSetup) to launch with another theme or a notch.
  const lightTheme = { bg_color: '#ffffff', text_color: '#000000' };
  const noInsets = { top: 0, bottom: 0, left: 0, right: 0 };
  const reply = (name: string, data: unknown) => setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(name, data), 0);
  w.TelegramWebviewProxy = {
    postEvent(type: string, data: string) {
      w.__tgEvents.push({ type, data: data ? JSON.parse(data) : undefined });
      if (type === 'web_app_request_viewport' || type === 'web_app_expand') {
        reply('viewport_changed', { height: 844, width: 390, is_expanded: true, is_state_stable: true });
      } else if (type === 'web_app_request_theme') {
        reply('theme_changed', { theme_params: w.__tgThemeParams ?? lightTheme });
      } else if (type === 'web_app_request_safe_area') {
        reply('safe_area_changed', w.__tgSafeArea ?? noInsets);
      } else if (type === 'web_app_request_content_safe_area') {
        reply('content_safe_area_changed', w.__tgContentSafeArea ?? noInsets);
      } else if (type === 'web_app_biometry_get_info') {
        reply('biometry_info_received', { available: false });
      }
    },
  };
};

/** What the app last asked Telegram to show, read from the recorded events. */
export type NativeState = {
  back: boolean;
  main: { visible: boolean; text: string; enabled: boolean; loader: boolean } | null;
  closingConfirmation: boolean;
  verticalSwipes: boolean;
};

export async function nativeState(page: Page): Promise<NativeState> {
  const events = (await page.evaluate(() => (window as any).__tgEvents)) as { type: string; data?: any }[];
  const state: NativeState = { back: false, main: null, closingConfirmation: false, verticalSwipes: true };
  for (const { type, data } of events) {
    if (type === 'web_app_setup_back_button') state.back = data.is_visible;
    else if (type === 'web_app_setup_main_button')
      state.main = {
        visible: data.is_visible,
        text: data.text,
        enabled: data.is_active,
        loader: data.is_progress_visible,
      };
    else if (type === 'web_app_setup_closing_behavior') state.closingConfirmation = data.need_confirmation;
    else if (type === 'web_app_setup_swipe_behavior') state.verticalSwipes = data.allow_vertical_swipe;
  }
  return state;
}

/** Waits until the app's last request to Telegram matches. */
export async function waitForNative(
  page: Page,
  check: (state: NativeState) => boolean,
  what: string,
): Promise<NativeState> {
  for (let i = 0; i < 100; i++) {
    const state = await nativeState(page);
    if (check(state)) return state;
    await page.waitForTimeout(100);
  }
  throw new Error(`Telegram never showed: ${what}; last state ${JSON.stringify(await nativeState(page))}`);
}

/** The user presses one of Telegram's own buttons (the client sends the event to the page). */
export async function pressNative(page: Page, button: 'back' | 'main'): Promise<void> {
  const name = button === 'back' ? 'back_button_pressed' : 'main_button_pressed';
  await page.evaluate((event) => (window as any).Telegram.WebView.receiveEvent(event, undefined), name);
}

/** Telegram's light and dark theme params (as the iOS client sends them, abridged). */
export const tgThemes = {
  light: { bg_color: '#ffffff', text_color: '#000000', secondary_bg_color: '#efeff4' },
  dark: { bg_color: '#000000', text_color: '#ffffff', secondary_bg_color: '#1c1c1d' },
};

/** An init script run before telegramBridgeScript: the theme and insets the mocked client reports. */
export const telegramSetup = (setup: { theme?: Record<string, string>; safeArea?: object; contentSafeArea?: object }) =>
  `window.__tgThemeParams = ${JSON.stringify(setup.theme ?? null)} ?? undefined;` +
  `window.__tgSafeArea = ${JSON.stringify(setup.safeArea ?? null)} ?? undefined;` +
  `window.__tgContentSafeArea = ${JSON.stringify(setup.contentSafeArea ?? null)} ?? undefined;`;

/** The URL fragment a Telegram client opens a Mini App with. */
export function launchHash(initData: string, platform = 'ios', theme: Record<string, string> = tgThemes.light): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  return `#${params.toString()}`;
}
