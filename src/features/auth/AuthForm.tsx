import type { ReactNode } from 'react';
import * as css from './auth.css';

type Props = {
  title: ReactNode;
  subtitle: ReactNode;
  busy: boolean;
  /** Called on submit after the browser's default submission is prevented. */
  onSubmit: () => void;
  /** The fields block. */
  children: ReactNode;
  /** The actions block (submit button and links). */
  actions: ReactNode;
};

/** Shared layout of the auth form screens: page, header with title and subtitle, form with fields and actions. */
export function AuthForm({ title, subtitle, busy, onSubmit, children, actions }: Props) {
  return (
    <main className={css.page}>
      <header className={css.header}>
        <h1 className={css.title}>{title}</h1>
        <p className={css.subtitle}>{subtitle}</p>
      </header>
      <form
        className={css.form}
        noValidate
        aria-busy={busy || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className={css.fields}>{children}</div>
        <div className={css.actions}>{actions}</div>
      </form>
    </main>
  );
}
