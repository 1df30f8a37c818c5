/** One Web Storage area read and written by key; a blocked or full storage never throws. */
export type SafeStorage = {
  /** The stored value, or null when there is none or the storage is blocked. */
  read(key: string): string | null;
  /** Stores the value; null removes the key. */
  write(key: string, value: string | null): void;
};

// The area is looked up on every call: reading `window.localStorage` itself throws where storage is
// blocked (some private modes, sandboxed frames), and tests swap it.
function safeStorage(area: () => Storage): SafeStorage {
  return {
    read(key) {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    write(key, value) {
      try {
        if (value === null) area().removeItem(key);
        else area().setItem(key, value);
      } catch {
        // Storage full or blocked: the value lives in the app's state for this visit only.
      }
    },
  };
}

export const localStore = safeStorage(() => window.localStorage);
export const sessionStore = safeStorage(() => window.sessionStorage);

/** A list of strings stored as JSON under `key`; anything else (absent, malformed, other types) reads as empty. */
export function readStringList(storage: SafeStorage, key: string): string[] {
  try {
    const parsed = JSON.parse(storage.read(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}
