import { useId, type FormEvent, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeftGlyph } from './glyphs';
import * as css from './Screen.css';

/** Where the header's back control goes: a route (`to`) or a machine event (`onClick`). */
export interface Back {
  to?: string;
  search?: Record<string, string>;
  onClick?: () => void;
  disabled?: boolean;
  /** Accessible name; "Back" unless the destination needs saying. */
  label?: string;
}

export interface ScreenProps {
  /** The screen's h1. Omit only on a tab root that draws its own h1 (Home's total). */
  title?: ReactNode;
  back?: Back;
  /** One icon control at the header's end (e.g. delete), with its own accessible name. */
  headerEnd?: ReactNode;
  /**
   * The screen's one main action (a full-width primary Button or Link). Inside Telegram this slot is
   * what the messenger's main button will take over; keep exactly one element here.
   */
  primary?: ReactNode;
  /** Further actions under the primary one (secondary/ghost buttons). */
  secondary?: ReactNode;
  busy?: boolean;
  /** Centres the content's column (keypads and other single-column screens). */
  centered?: boolean;
  /** The h1's id, when something else on the screen is labelled by the title. */
  titleId?: string;
  /** Makes the whole screen a form (submit buttons in `primary` submit it; Enter in a field too). */
  onSubmit?: () => void;
  children?: ReactNode;
}

/** The one back control: a 44 px icon button with an accessible name, same look for links and events. */
export function BackButton({ to, search, onClick, disabled, label }: Back) {
  const { t } = useLingui();
  const name = label ?? t`Back`;
  const icon = <ChevronLeftGlyph />;
  if (to && !disabled) {
    return <Link to={to} search={search} className={css.back} aria-label={name}>{icon}</Link>;
  }
  return <button type="button" className={css.back} aria-label={name} disabled={disabled} onClick={onClick}>{icon}</button>;
}

/**
 * Every screen: header (back + title), content, and a bottom action area. New screens copy this shape
 * (see ARCHITECTURE.md, "Visual guide") instead of placing their own back links and buttons.
 */
export function Screen({ title, back, headerEnd, primary, secondary, busy, centered, titleId: givenId, onSubmit, children }: ScreenProps) {
  const autoId = useId();
  const titleId = givenId ?? autoId;
  const Root = onSubmit ? 'form' : 'section';
  return (
    <Root
      className={css.screen}
      aria-labelledby={title ? titleId : undefined}
      aria-busy={busy || undefined}
      noValidate={!!onSubmit || undefined}
      onSubmit={onSubmit ? (e: FormEvent) => { e.preventDefault(); onSubmit(); } : undefined}
    >
      {title || back ? (
        <header className={css.header}>
          {back ? <BackButton {...back} /> : null}
          {title ? <h1 id={titleId} className={css.title}>{title}</h1> : null}
          {headerEnd}
        </header>
      ) : null}
      <div className={centered ? `${css.content} ${css.centered}` : css.content}>{children}</div>
      {primary || secondary ? (
        <div className={css.actions}>
          {primary ? <div data-slot="primary">{primary}</div> : null}
          {secondary}
        </div>
      ) : null}
    </Root>
  );
}

type StatusProps = { icon: ReactNode; tone?: 'neutral' | 'success' | 'error'; title: ReactNode; children?: ReactNode };

/**
 * The top of a status screen (sent, confirmed, check your mail): icon, h1 and message, placed at the
 * top of the content (no empty half screen); the screen's actions stay in the bottom area.
 */
export function StatusBlock({ icon, tone = 'neutral', title, children }: StatusProps) {
  return (
    <div className={css.status}>
      <span className={`${css.statusIcon} ${css.statusTone[tone]}`}>{icon}</span>
      <h1 className={css.statusTitle}>{title}</h1>
      {children}
    </div>
  );
}
