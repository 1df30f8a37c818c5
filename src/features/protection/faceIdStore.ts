/** Spec §3/§9: faceIdEnabled is persisted as a flag, present (on) or absent (off). */
const KEY = 'faceIdEnabled';

export const faceIdStore = {
  enabled(): boolean {
    try {
      return window.localStorage.getItem(KEY) !== null;
    } catch {
      return false;
    }
  },
  enable(): void {
    try {
      window.localStorage.setItem(KEY, 'true');
    } catch {
      // Storage blocked: biometrics stay on for this visit only.
    }
  },
  disable(): void {
    try {
      window.localStorage.removeItem(KEY);
    } catch {
      // Nothing stored.
    }
  },
};
