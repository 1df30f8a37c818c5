import { Info, ShieldAlert } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { diffParts, type KnownAddress, type RecipientCheck } from '../../../machines/shared/recipients';
import { srOnly } from '../../ui/Skeleton.css';
import * as css from './send.css';

/** An address with the part that differs from `other` marked (bold, underlined) and announced. */
function Marked({ address, other, testId }: { address: string; other: string; testId: string }) {
  const { head, middle, tail } = diffParts(address, other);
  return (
    <p className={css.compareValue} data-testid={testId}>
      {head}
      <span className={srOnly}>
        <Trans>(different part:)</Trans>
      </span>
      <mark className={css.differs}>{middle}</mark>
      <span className={srOnly}>
        <Trans>(end of the different part)</Trans>
      </span>
      {tail}
    </p>
  );
}

function LookAlike({ address, match }: { address: string; match: KnownAddress }) {
  const name = match.name;
  return (
    <>
      <p className={css.warningText}>
        {name ? (
          <Trans>
            It starts and ends like <strong>{name}</strong>'s address from your address book, but the middle is
            different.
          </Trans>
        ) : (
          <Trans>It starts and ends like an address in your history, but the middle is different.</Trans>
        )}{' '}
        <Trans>Scammers send small amounts from look-alike addresses so that you copy theirs from the history.</Trans>
      </p>
      <div className={css.compare}>
        <p className={css.compareLabel}>
          <Trans>You are sending to</Trans>
        </p>
        <Marked address={address} other={match.address} testId="lookalike-entered" />
        <p className={css.compareLabel}>{name ? <Trans>Known address: {name}</Trans> : <Trans>Known address</Trans>}</p>
        <Marked address={match.address} other={address} testId="lookalike-known" />
      </div>
    </>
  );
}

/**
 * Spec-free guard against address poisoning: a strong warning for a look-alike of a known address, a
 * quiet note for a first send. The review adds the acknowledgement box (`children`).
 */
export function RecipientWarning({
  check,
  address,
  children,
}: {
  check: RecipientCheck | null;
  address: string;
  children?: React.ReactNode;
}) {
  if (check?.kind === 'firstSend') {
    return (
      <p className={css.notice} data-testid="first-send">
        <Info size={16} strokeWidth={2} aria-hidden />
        <Trans>You have not sent to this address before. Check it before you continue.</Trans>
      </p>
    );
  }
  if (check?.kind !== 'lookalike') return null;
  return (
    <section className={css.warning} role="alert" aria-labelledby="lookalike-title" data-testid="lookalike-warning">
      <h2 className={css.warningTitle} id="lookalike-title">
        <ShieldAlert size={20} strokeWidth={2} aria-hidden />
        <Trans>Warning: look-alike address</Trans>
      </h2>
      {check.matches.map((m) => (
        <LookAlike key={m.address} address={address.trim()} match={m} />
      ))}
      {children}
    </section>
  );
}
