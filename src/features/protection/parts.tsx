import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import * as shell from '../shell/AppShell.css';
import { protectionRoutes } from './wiring';
import * as css from './protection.css';

export function BackToProtection() {
  return <Link to={protectionRoutes.home} className={shell.muted}><Trans>‹ Back</Trans></Link>;
}

/** Spec §2: the success screen returns to wallet protection after a visible 5 s countdown. */
export function SuccessView({ title, secondsLeft, onClose }: { title: ReactNode; secondsLeft: number; onClose: () => void }) {
  return (
    <section className={css.success} aria-labelledby="success-title">
      <span className={css.check} aria-hidden="true">✓</span>
      <h1 id="success-title" className={shell.title}>{title}</h1>
      <p className={shell.muted} role="timer">
        <Trans>Back to wallet protection in {secondsLeft} s</Trans>
      </p>
      <Button onClick={onClose}><Trans>Done</Trans></Button>
    </section>
  );
}
