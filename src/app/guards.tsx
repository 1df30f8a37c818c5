import type { ComponentType } from 'react';
import { Navigate, Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectRedirectToLogin, selectSessionBusy, selectSignedIn } from '../../machines/session.selectors';
import { RootSpinner } from '../ui/Spinner';
import { Toaster } from '../ui/Toast';
import { AppShell, PlainShell } from '../features/shell/AppShell';
import { useServices } from './context';
import { readPendingBuy } from '../features/buy/pendingOrderId';

/** Spec §2: a size-64 spinner while authentication resolves, then the app. */
export function RootLayout() {
  const { session, toast } = useServices();
  const busy = useSelector(session, selectSessionBusy);
  return (
    <>
      {busy ? <RootSpinner /> : <Outlet />}
      <Toaster actor={toast} />
    </>
  );
}

/** Signed-in screens; a lost session redirects to login only once the 1 s grace is over. */
export function SignedInArea({ BottomNav, OfflineBanner }: { BottomNav: ComponentType; OfflineBanner: ComponentType }) {
  const { session } = useServices();
  const signedIn = useSelector(session, selectSignedIn);
  const toLogin = useSelector(session, selectRedirectToLogin);
  if (signedIn) {
    return (
      <AppShell BottomNav={BottomNav} OfflineBanner={OfflineBanner}>
        <Outlet />
      </AppShell>
    );
  }
  return toLogin ? <Navigate to="/auth/login" replace /> : <RootSpinner />;
}

/** Where a signed-in user lands: the dashboard, or the status of a card payment left open. */
function ToSignedInStart() {
  // A card payment left open when the mini-app closed: opening the app again shows that order's status.
  const pending = readPendingBuy();
  return pending ? (
    <Navigate to="/buy/status/$orderId" params={{ orderId: pending }} replace />
  ) : (
    <Navigate to="/home" replace />
  );
}

/** Sign-in screens; a signed-in user belongs on the dashboard. */
export function SignedOutArea() {
  const { session } = useServices();
  const signedIn = useSelector(session, selectSignedIn);
  if (signedIn) return <ToSignedInStart />;
  return (
    <PlainShell>
      <Outlet />
    </PlainShell>
  );
}

export function ErrorArea() {
  return (
    <PlainShell>
      <Outlet />
    </PlainShell>
  );
}

/** Unknown paths (and "/"): the dashboard when signed in, otherwise login after the grace period. */
export function CatchAll() {
  const { session } = useServices();
  const signedIn = useSelector(session, selectSignedIn);
  const toLogin = useSelector(session, selectRedirectToLogin);
  if (signedIn) return <ToSignedInStart />;
  return toLogin ? <Navigate to="/auth/login" replace /> : <RootSpinner />;
}
