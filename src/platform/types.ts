/** Result of a share request: "unavailable" lets the caller fall back (e.g. to copying). */
export type ShareOutcome = 'shared' | 'cancelled' | 'unavailable';

/** Haptics inside the messenger (guide §5): keypad tap, wrong passcode, completion. */
export type HapticKind = 'tap' | 'error' | 'success';

/** What the messenger's biometry manager says about this device and bot. */
export type BiometryStatus = { accessRequested: boolean; accessGranted: boolean };

/** Face ID / fingerprint through the messenger (spec §4 biometrics toggle); unavailable in a browser. */
export interface Biometrics {
  /** Mounts the biometry manager (timing out if it hangs): null unless on iOS inside the messenger with biometrics on the device. */
  status(): Promise<BiometryStatus | null>;
  /** Asks the user for access, with a reason; resolves true when granted. */
  requestAccess(reason: string): Promise<boolean>;
  /** Stores the token on the device (the passcode, spec §4); null removes it. */
  updateToken(token: string | null): Promise<void>;
  /** Asks for the stored token after a biometric check; null when cancelled or none is stored. */
  authenticate(reason: string): Promise<string | null>;
  /** Opens the messenger's biometric settings (after a denial). */
  openSettings(): void;
}

/** Telegram's native QR popup (guide §5: on phones inside the messenger, instead of the camera overlay). */
export interface NativeQrScanner {
  /** Opens the popup with a title; the first scanned text, or null when the user closed it. */
  scan(title: string): Promise<string | null>;
  close(): void;
}

/**
 * What Telegram answered when the app asked to let the wallet's bot message the user (requestWriteAccess):
 * 'denied' when the user said no, 'unavailable' on a client too old to ask.
 */
export type WriteAccess = 'allowed' | 'denied' | 'unavailable';

/** What the messenger's main button shows: the text, enabled state and loader of the screen's primary action. */
export type MainButtonView = { text: string; enabled: boolean; busy: boolean };

/**
 * The messenger's own controls (guide §5): back button, main button, closing confirmation and vertical
 * swipes. The scaffold (`src/ui/nativeControls.ts`) drives them from what each screen renders, so no
 * screen talks to these directly. Each setter is called only when its value changes.
 */
export interface NativeControls {
  showBack(visible: boolean): void;
  /** One listener for the app's lifetime; the scaffold routes it to the top screen's back. */
  onBack(listener: () => void): void;
  /** null hides the main button. */
  setMain(view: MainButtonView | null): void;
  onMain(listener: () => void): void;
  /** On: closing asks for confirmation and a vertical swipe no longer closes the app. */
  setCloseGuard(on: boolean): void;
}

/** The host's own colour scheme (the messenger's theme), followed while the user has not chosen one. */
export interface HostTheme {
  readonly dark: boolean;
  /** Called on every scheme change (Telegram's `theme_changed`). */
  onChange(listener: (dark: boolean) => void): void;
}

/** What the app needs from its host (a browser tab or the messenger's WebView), behind one interface. */
export interface Platform {
  readonly isTelegram: boolean;
  /** The Mini App's `startapp` value (a payment request's `pay-…`, issue 25); absent in a browser. */
  readonly startParam?: string | null;
  /** Raw init data captured at launch; the gateway signs users in with it. */
  readonly initData: string | null;
  /** The messenger user's language_code, used when no language was chosen yet. */
  readonly languageCode: string | null;
  /** Opens a link outside the app: the messenger's browser / t.me handler, or a new tab. */
  openLink(url: string): void;
  /** Lets the mini-app take the whole height (no-op in a browser). */
  expand(): void;
  /** Keeps the messenger's header and background in step with our theme (no-op in a browser). */
  syncColors(colors: { background: string; header: string }): void;
  /** Puts text on the clipboard (the messenger's clipboard inside it); rejects when nothing could copy. */
  copyText(text: string): Promise<void>;
  /** Reads text from the clipboard (the messenger's clipboard inside it); rejects when it cannot. */
  readText(): Promise<string>;
  /** The messenger's QR popup on iOS and Android; null in a browser and on desktop clients. */
  readonly nativeQr: NativeQrScanner | null;
  /** Opens the share sheet (Web Share API, or the messenger's share to a chat). */
  share(data: { text: string; url?: string }): Promise<ShareOutcome>;
  /** A haptic signal inside the messenger (no-op in a browser). */
  haptic(kind: HapticKind): void;
  readonly biometrics: Biometrics;
  /** The messenger's back/main buttons and closing guard; null (or absent) in a browser, where the page draws its own. */
  readonly controls?: NativeControls | null;
  /** The messenger's colour scheme; null (or absent) in a browser. */
  readonly hostTheme?: HostTheme | null;
  /**
   * Asks Telegram to let the wallet's bot message the user (issue 24: before bot messages are turned on);
   * absent in a browser, where nobody can ask.
   */
  readonly requestWriteAccess?: (() => Promise<WriteAccess>) | null;
  /**
   * Closes the Mini App, so that the user opens it again and Telegram signs fresh init data (passcode
   * recovery); absent in a browser.
   */
  readonly close?: (() => void) | null;
}

/**
 * What only the signed-in screens use: the clipboard, sharing and biometrics. A browser's come with the
 * signed-in part (src/platform/webDevice.ts, so the sign-in screens' boot chunk does not carry them); the
 * messenger's platform has its own.
 */
export type DeviceFeatures = Pick<Platform, 'copyText' | 'readText' | 'share' | 'biometrics'>;

/** The platform as start-up knows it: a browser's lacks the device features until the signed-in part adds them. */
export type StartPlatform = Omit<Platform, keyof DeviceFeatures> & Partial<DeviceFeatures>;
