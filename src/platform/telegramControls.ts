import { backButton, closingBehavior, mainButton, swipeBehavior } from '@telegram-apps/sdk';
import type { NativeControls } from './types';

/**
 * The messenger's back button, main button, closing confirmation and vertical swipes (SDK v3).
 * Every call is `ifAvailable`: an old client without a control keeps the page's own one working,
 * because the scaffold only hides the page's controls when the messenger's are there.
 */
export function createTelegramControls(): NativeControls | null {
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  closingBehavior.mount.ifAvailable();
  swipeBehavior.mount.ifAvailable();
  // Mounting sends allow_vertical_swipe: false; swipes stay on except where the close guard is.
  swipeBehavior.enableVertical.ifAvailable();
  if (!backButton.isMounted() || !mainButton.isMounted()) return null;
  return {
    showBack(visible) {
      if (visible) backButton.show.ifAvailable();
      else backButton.hide.ifAvailable();
    },
    onBack(listener) {
      backButton.onClick.ifAvailable(listener);
    },
    setMain(view) {
      if (!view) {
        mainButton.setParams.ifAvailable({ isVisible: false, isLoaderVisible: false });
        return;
      }
      mainButton.setParams.ifAvailable({
        text: view.text,
        isVisible: true,
        isEnabled: view.enabled,
        isLoaderVisible: view.busy,
      });
    },
    onMain(listener) {
      mainButton.onClick.ifAvailable(listener);
    },
    setCloseGuard(on) {
      if (on) {
        closingBehavior.enableConfirmation.ifAvailable();
        swipeBehavior.disableVertical.ifAvailable();
      } else {
        closingBehavior.disableConfirmation.ifAvailable();
        swipeBehavior.enableVertical.ifAvailable();
      }
    },
  };
}
