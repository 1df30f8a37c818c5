import { useSelector } from '@xstate/react';
import { selectToast, selectToastFading } from '../../machines/toast.selectors';
import type { ActorRefFrom } from 'xstate';
import type { toastMachine } from '../../machines/toast.machine';
import * as css from './Toast.css';

/**
 * The live region is always in the DOM, so screen readers announce a toast when its text appears.
 * Errors are assertive (role=alert), successes polite (role=status).
 */
export function Toaster({ actor }: { actor: ActorRefFrom<typeof toastMachine> }) {
  const toast = useSelector(actor, selectToast);
  const isFading = useSelector(actor, selectToastFading);
  const isError = toast?.kind === 'error';
  return (
    <div
      className={css.region}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      {toast ? (
        <div
          className={`${css.kind[toast.kind]}${isFading ? ` ${css.fading}` : ''}`}
          data-kind={toast.kind}
          data-fading={isFading || undefined}
          onClick={() => actor.send({ type: 'toast.dismissed' })}
        >
          {toast.message}
        </div>
      ) : null}
    </div>
  );
}
