import { act } from '@testing-library/react';
import type { MainButtonView, NativeControls } from '../../src/platform/types';

/**
 * The messenger's back button, main button and closing guard as a test sees them: what is shown now,
 * every change in order, and presses delivered the way the messenger delivers them.
 */
export function fakeControls() {
  const shown = { back: false, main: null as MainButtonView | null, guard: false };
  const log: string[] = [];
  let onBack: (() => void) | null = null;
  let onMain: (() => void) | null = null;
  const controls: NativeControls = {
    showBack(visible) {
      shown.back = visible;
      log.push(`back:${visible}`);
    },
    onBack: (listener) => void (onBack = listener),
    setMain(view) {
      shown.main = view;
      log.push(view ? `main:${view.text}:${view.enabled ? 'on' : 'off'}${view.busy ? ':busy' : ''}` : 'main:hidden');
    },
    onMain: (listener) => void (onMain = listener),
    setCloseGuard(on) {
      shown.guard = on;
      log.push(`guard:${on}`);
    },
  };
  return {
    controls,
    shown,
    log,
    pressBack: () => act(() => onBack?.()),
    pressMain: () => act(() => onMain?.()),
  };
}
