import { createContext, useContext, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { ControlsHost, MirroredScreen } from './controlsHost';

const HostContext = createContext<ControlsHost | null>(null);

/**
 * Inside the messenger, screens hand their back and primary action to its native controls. The host
 * (src/ui/controlsHost.ts) is downloaded with the messenger's platform, so a browser never loads it.
 */
export function NativeControlsProvider({ host, children }: { host: ControlsHost | null; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

/** True when the messenger draws the back and main buttons (the page hides its own). */
export function useNativeControls(): boolean {
  return useContext(HostContext) !== null;
}

/**
 * Lets the host mirror this screen's rendered back control and primary button onto the messenger's.
 * `rootKind` is the root's tag: a screen that turns into a form (a loading step, then its fields) gets
 * a new root element under the same ref, and the host must follow the new one.
 */
export function useScreenControls(
  rootRef: RefObject<HTMLElement | null>,
  guardClose: boolean,
  rootKind: string = 'section',
): void {
  const host = useContext(HostContext);
  const screenRef = useRef<MirroredScreen | null>(null);
  const guardRef = useRef(guardClose);

  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!host || !root) return;
    const screen = host.mirror(root, () => guardRef.current);
    screenRef.current = screen;
    return () => {
      screen.remove();
      screenRef.current = null;
    };
  }, [host, rootRef, rootKind]);

  // Props (primary, back, guardClose) changed: read again after the commit.
  useLayoutEffect(() => {
    guardRef.current = guardClose;
    screenRef.current?.read();
  });
}
