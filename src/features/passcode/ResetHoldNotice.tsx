import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { Clock } from 'lucide-react';
import type { ResetHoldActor } from '../../app/actors';
import { useOptionalServices } from '../../app/signedInContext';
import { selectHoldUntil } from '../../../machines/resetHold.selectors';
import { formatDateTime } from '../../i18n/dates';
import * as css from './passcode.css';

/**
 * The one notice of the passcode reset hold (docs/guide.md "Passcode recovery"), on the send, swap and sell
 * entries and wherever the gateway can refuse them: until when money can't leave the account, in the
 * viewer's zone and locale. Renders nothing while nothing is held, or outside the signed-in app.
 */
export function ResetHoldNotice() {
  const hold = useOptionalServices()?.signedIn()?.resetHold;
  return hold ? <HoldNotice hold={hold} /> : null;
}

function HoldNotice({ hold }: { hold: ResetHoldActor }) {
  const until = useSelector(hold, selectHoldUntil);
  if (!until) return null;
  return (
    <div role="status" className={css.holdNotice} data-testid="reset-hold">
      <Clock size={20} aria-hidden className={css.holdIcon} />
      <p className={css.holdText}>
        <Trans>
          Your passcode was reset. For your safety, money can't leave your account until{' '}
          <time dateTime={until}>{formatDateTime(until)}</time>.
        </Trans>
      </p>
    </div>
  );
}
