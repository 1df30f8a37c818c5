/** Result of a share request: "unavailable" lets the caller fall back (e.g. to copying). */
export type ShareOutcome = 'shared' | 'cancelled' | 'unavailable';

/** What the app needs from its host (a browser tab or the messenger's WebView), behind one interface. */
export interface Platform {
  readonly isTelegram: boolean;
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
  /** Opens the share sheet (Web Share API, or the messenger's share to a chat). */
  share(data: { text: string; url?: string }): Promise<ShareOutcome>;
}
