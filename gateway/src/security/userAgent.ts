import type { DeviceLabel } from '../db/schema/devices.js';

/**
 * The browser and system a User-Agent names, for a "new sign-in" message the owner can recognise
 * ("Chrome on Android"). A hint, never a proof: the header is whatever the client sent, so nothing is
 * decided on it (the device id decides what is new). Order matters: Edge and Opera also say "Chrome",
 * Chrome also says "Safari".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) => list.find(([re]) => re.test(text))?.[1] ?? null;

export function deviceLabelOf(userAgent: string | undefined, via: DeviceLabel['via']): DeviceLabel {
  const ua = (userAgent ?? '').slice(0, 512);
  return { browser: first(BROWSERS, ua), os: first(SYSTEMS, ua), via };
}
