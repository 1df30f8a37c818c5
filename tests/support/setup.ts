/**
 * Test environment for the 'app' vitest project (jsdom). No jest-dom here: assert with plain DOM
 * properties (`button.disabled`, `textContent`, `getAttribute`).
 */
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@lingui/core';

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

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
