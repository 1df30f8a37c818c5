import type { StartPlatform } from '../../platform/types';

/**
 * Sends the user to the hosted payment page (spec §7: "redirects the browser to the returned payment
 * url"). In a browser the app's tab goes there and the page returns to /buy/status/{orderId}; inside the
 * messenger the SDK's openLink opens it (the mini-app stays, and shows the order's status meanwhile).
 */
export function openPaymentPage(platform: StartPlatform, url: string): void {
  if (platform.isTelegram) platform.openLink(url);
  else window.location.assign(url);
}
