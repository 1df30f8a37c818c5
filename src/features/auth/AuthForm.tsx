import type { ReactNode } from 'react';
import { Screen, type Back } from '../../ui/Screen';
import * as css from './auth.css';

type Props = {
  title: ReactNode;
  subtitle: ReactNode;
  busy: boolean;
  back?: Back;
  /** Called on submit after the browser's default submission is prevented. */
  onSubmit: () => void;
  /** The fields block. */
  children: ReactNode;
  /** The submit button (the screen's primary action). */
  primary: ReactNode;
  /** Links under it. */
  secondary?: ReactNode;
};

/** Shared layout of the auth form screens: the screen scaffold as a form, a subtitle, the fields. */
export function AuthForm({ title, subtitle, busy, back, onSubmit, children, primary, secondary }: Props) {
  return (
    <Screen title={title} back={back} busy={busy} onSubmit={onSubmit} primary={primary} secondary={secondary}>
      <p className={css.subtitle}>{subtitle}</p>
      <div className={css.fields}>{children}</div>
    </Screen>
  );
}
