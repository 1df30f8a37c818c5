import type { MainButtonView, NativeControls } from '../platform/types';

/** What one mounted screen asks of the messenger's controls. */
export type ScreenControlsState = {
  back: boolean;
  main: MainButtonView | null;
  guard: boolean;
  pressBack: () => void;
  pressMain: () => void;
};

export interface ScreenEntry {
  update(state: ScreenControlsState): void;
  remove(): void;
}

/** A screen whose rendered controls the host follows until it unmounts. */
export interface MirroredScreen {
  /** Reads the screen's controls again (after a commit that may have changed them). */
  read(): void;
  remove(): void;
}

export interface ControlsHost {
  /** A screen mounted: it sits on top of the stack until it unmounts. */
  push(): ScreenEntry;
  /** Pushes a mounted screen and follows what it renders (see mirrorScreen). */
  mirror(root: HTMLElement, guard: () => boolean): MirroredScreen;
}

const sameMain = (a: MainButtonView | null, b: MainButtonView | null) =>
  a === b || (!!a && !!b && a.text === b.text && a.enabled === b.enabled && a.busy === b.busy);

/**
 * One back stack for the whole app: the last mounted screen owns the messenger's back and main
 * buttons; the closing guard holds while any mounted screen asks for it. Changes are flushed once per
 * microtask, so a navigation (old screen unmounts, new one mounts in the same commit) does not make
 * the back button blink, and the messenger only hears about real changes.
 */
export function createControlsHost(controls: NativeControls): ControlsHost {
  const stack: { state: ScreenControlsState | null }[] = [];
  let applied: { back: boolean; main: MainButtonView | null; guard: boolean } = {
    back: false,
    main: null,
    guard: false,
  };
  let scheduled = false;
  const top = () => stack.at(-1)?.state ?? null;

  controls.onBack(() => {
    if (top()?.back) top()!.pressBack();
  });
  controls.onMain(() => {
    const state = top();
    // The messenger may deliver a press that raced a disable: the page's rule wins.
    if (state?.main?.enabled && !state.main.busy) state.pressMain();
  });

  const flush = () => {
    scheduled = false;
    const state = top();
    const next = { back: state?.back ?? false, main: state?.main ?? null, guard: stack.some((e) => e.state?.guard) };
    if (next.back !== applied.back) controls.showBack(next.back);
    if (!sameMain(next.main, applied.main)) controls.setMain(next.main);
    if (next.guard !== applied.guard) controls.setCloseGuard(next.guard);
    applied = next;
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(flush);
  };

  function push(): ScreenEntry {
    const entry: { state: ScreenControlsState | null } = { state: null };
    stack.push(entry);
    return {
      update(state) {
        entry.state = state;
        schedule();
      },
      remove() {
        const at = stack.indexOf(entry);
        if (at >= 0) stack.splice(at, 1);
        schedule();
      },
    };
  }

  return { push, mirror: (root, guard) => mirrorScreen(push(), root, guard) };
}

const backSelector = ':scope > header > [data-slot="back"] > a, :scope > header > [data-slot="back"] > button';
const primarySelector = ':scope > [data-slot="actions"] > [data-slot="primary"]';

function primaryControl(root: HTMLElement): HTMLElement | null {
  return root.querySelector<HTMLElement>(primarySelector)?.querySelector<HTMLElement>('button, a') ?? null;
}

/** `:disabled` also holds for a button inside a disabled fieldset (a held screen, see Screen's `hold`). */
function isDisabled(el: HTMLElement): boolean {
  return (el instanceof HTMLButtonElement && el.matches(':disabled')) || el.getAttribute('aria-disabled') === 'true';
}

/**
 * Mirrors what the scaffold rendered (its hidden back control and primary button) onto the messenger's
 * buttons: text, disabled and busy come from the DOM, and a press clicks the page's own control, so the
 * native button does exactly what the in-page one would (submit the form, follow the link, send the event).
 */
function mirrorScreen(entry: ScreenEntry, root: HTMLElement, guard: () => boolean): MirroredScreen {
  const back = () => root.querySelector<HTMLElement>(backSelector);
  const read = () => {
    const backEl = back();
    const main = primaryControl(root);
    entry.update({
      back: !!backEl && !isDisabled(backEl),
      main: main
        ? {
            text: (main.textContent ?? '').trim(),
            enabled: !isDisabled(main),
            busy: main.getAttribute('aria-busy') === 'true',
          }
        : null,
      guard: guard(),
      pressBack: () => back()?.click(),
      pressMain: () => primaryControl(root)?.click(),
    });
  };
  read();
  // A primary whose own state changes (a countdown in its label) re-renders without the Screen.
  const observer = new MutationObserver(read);
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  return {
    read,
    remove() {
      observer.disconnect();
      entry.remove();
    },
  };
}
