const KEY = 'deviceId';
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/**
 * This device's long-lived random id (issue 24), sent with every sign-in so the gateway can tell the owner
 * about a sign-in from a device it has not seen (gateway/src/security/devices.ts keeps only a hash). Kept
 * across sign-outs: the device stays the same device. Not a secret the session depends on, so it lives in
 * localStorage with the user; without storage each sign-in is from a new device, which is what it is.
 * Loaded with the identity provider and the Telegram sign-in only, never with the first screen.
 */
export function deviceId(): string {
  try {
    const kept = window.localStorage.getItem(KEY);
    if (kept && WELL_FORMED.test(kept)) return kept;
    const made = randomId();
    window.localStorage.setItem(KEY, made);
    return made;
  } catch {
    return randomId();
  }
}

/** 32 random bytes, base64url: 43 characters. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
