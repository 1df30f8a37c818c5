import type { StartPlatform } from '../../platform/types';

/**
 * The payment page in the app's language (issue 22): the hosted page reads `?lang=` before the
 * browser's Accept-Language, which in a Russian session of an English browser would be English.
 */
export function paymentUrlIn(url: string, lang: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.searchParams.has('lang')) parsed.searchParams.set('lang', lang);
    return parsed.toString();
  } catch {
    return url;
  }
}

/**
 * Sends the user to the hosted payment page (spec §7: "redirects the browser to the returned payment
 * url"), in the app's language. In a browser the app's tab goes there and the page returns to
 * /buy/status/{orderId}; inside the messenger the SDK's openLink opens it (the mini-app stays, and
 * shows the order's status meanwhile).
 */
export function openPaymentPage(platform: StartPlatform, url: string, lang: string): void {
  const page = paymentUrlIn(url, lang);
  if (platform.isTelegram) platform.openLink(page);
  else window.location.assign(page);
}
