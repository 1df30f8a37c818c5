/**
 * Plain-DOM assertions' helpers (the app project has no jest-dom, see setup.ts): what an element says
 * and whether a user sees it or can use it, so a test asserts on that rather than on a query's result.
 */
import { screen } from '@testing-library/react';

/** The element's text, whitespace collapsed. */
export const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** What an element says to assistive technology: its aria-label if it has one, else its text. */
export const says = (el: Element) => el.getAttribute('aria-label') ?? text(el);

/** Seen by the user: in the document, and neither it nor an ancestor hidden (attribute, aria-hidden, display, visibility). */
export function isShown(el: Element) {
  if (!el.isConnected) return false;
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e.hasAttribute('hidden') || e.getAttribute('aria-hidden') === 'true') return false;
    const style = getComputedStyle(e);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return true;
}

/** Usable: not disabled, not aria-disabled, not aria-busy. */
export const isEnabled = (el: Element) =>
  !(el as HTMLButtonElement).disabled &&
  el.getAttribute('aria-disabled') !== 'true' &&
  el.getAttribute('aria-busy') !== 'true';

/** The keys a Web Storage area holds, so a failed "nothing stored" check names what was. */
export const storedKeys = (storage: Storage) =>
  Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').sort();

/** The term of the review's fee line (`<dt>` beside the `review-fee` amount): what the fee is called. */
export const feeTerm = () =>
  screen.getByTestId('review-fee').closest('div')?.querySelector('dt')?.textContent ?? '(no fee term)';
