/**
 * Test environment for the 'app' vitest project (jsdom). No jest-dom here: assert with plain DOM
 * properties (`button.disabled`, `textContent`, `getAttribute`).
 */
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { Settings } from 'luxon';
import { stopWhatTestsLeft } from './teardown';

// Dev builds keep each macro's source message, so an empty catalogue renders the English text.
i18n.loadAndActivate({ locale: 'en', messages: {} });

// Tell React that act() is available, or every state update warns.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Testing Library only recognises Jest's fake timers: without this its async wrapper waits on a faked
// setTimeout(0) forever under vi.useFakeTimers().
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };

// jsdom lacks these; TanStack Router calls scrollTo on navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollTo = function scrollTo() {} as typeof Element.prototype.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

/**
 * Each file starts from what a fresh window holds, though the files of a worker share its window and modules
 * (`isolate: false`, vite.config.ts). Lingui keeps every catalogue it was given, so a file that loaded Russian
 * would otherwise translate the next file's "Russian" test that activates an empty 'ru'.
 */
beforeAll(() => {
  (i18n as unknown as { _messages: Record<string, unknown> })._messages = {};
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  const root = document.documentElement;
  for (const { name } of [...root.attributes]) root.removeAttribute(name);
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  document.body.replaceChildren();
  document.head.querySelectorAll('meta[name="theme-color"]').forEach((m) => m.remove());
  document.title = '';
  window.history.replaceState(null, '', '/');
  // A file that printed its times in UTC would otherwise print the next file's dates in UTC too.
  Settings.defaultZone = 'system';
});

afterEach(() => {
  cleanup();
  stopWhatTestsLeft();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
