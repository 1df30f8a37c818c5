import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ChevronLeftGlyph } from './glyphs';
import * as css from './Screen.css';
import { useNativeControls, useScreenControls } from './nativeControls';

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
   * The screen's one main action (a full-width primary Button or Link). Inside Telegram the messenger's
   * main button takes it over (its text, `disabled` and `busy` follow this element, a press clicks it);
   * keep exactly one element here.
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
  /**
   * A review, a passcode entry or a money movement in progress: inside Telegram, closing the app asks
   * for confirmation and a vertical swipe no longer closes it while this screen is shown.
   */
  guardClose?: boolean;
  /**
   * Why the main action cannot run now (offline, money actions paused): shown above it, and the
   * primary control is disabled (inside the messenger its main button too) until this is cleared.
   */
  hold?: ReactNode;
  children?: ReactNode;
}

/** The one back control: a 44 px icon button with an accessible name, same look for links and events. */
export function BackButton({ to, search, onClick, disabled, label }: Back) {
  const { t } = useLingui();
  const name = label ?? t`Back`;
  const icon = <ChevronLeftGlyph />;
  if (to && !disabled) {
    return (
      <Link to={to} search={search} className={css.back} aria-label={name}>
        {icon}
      </Link>
    );
  }
  return (
    <button type="button" className={css.back} aria-label={name} disabled={disabled} onClick={onClick}>
      {icon}
    </button>
  );
}

/**
 * Every screen: header (back + title), content, and a bottom action area. New screens copy this shape
 * (see ARCHITECTURE.md, "Visual guide") instead of placing their own back links and buttons.
 */
export function Screen({
  title,
  back,
  headerEnd,
  primary,
  secondary,
  busy,
  centered,
  titleId: givenId,
  onSubmit,
  guardClose = false,
  hold,
  children,
}: ScreenProps) {
  const autoId = useId();
  const titleId = givenId ?? autoId;
  const holdId = `${autoId}-hold`;
  const held = hold !== undefined && hold !== null && hold !== false;
  const Root = onSubmit ? 'form' : 'section';
  const rootRef = useRef<HTMLElement>(null);
  // Inside the messenger its back and main buttons replace ours: ours stay in the DOM (hidden), so a
  // native press clicks them and does exactly what the page would.
  const native = useNativeControls();
  useScreenControls(rootRef, guardClose, Root);
  const slot = native ? undefined : css.slot;
  return (
    <Root
      ref={rootRef as never}
      className={css.screen}
      aria-labelledby={title ? titleId : undefined}
      aria-busy={busy || undefined}
      noValidate={!!onSubmit || undefined}
      onSubmit={
        onSubmit
          ? (e: FormEvent) => {
              e.preventDefault();
              if (!held) onSubmit();
            }
          : undefined
      }
    >
      {title || (back && !native) ? (
        <header className={css.header}>
          {back ? (
            <span data-slot="back" className={slot} hidden={native}>
              <BackButton {...back} />
            </span>
          ) : null}
          {title ? (
            <h1 id={titleId} className={css.title}>
              {title}
            </h1>
          ) : null}
          {headerEnd}
        </header>
      ) : back ? (
        <header hidden>
          <span data-slot="back">
            <BackButton {...back} />
          </span>
        </header>
      ) : null}
      <div className={centered ? `${css.content} ${css.centered}` : css.content}>{children}</div>
      {primary || secondary ? (
        <div data-slot="actions" className={css.actions} hidden={native && !secondary && !held}>
          {held ? (
            <p id={holdId} className={css.hold} data-testid="screen-hold">
              {hold}
            </p>
          ) : null}
          {primary ? (
            <div data-slot="primary" hidden={native}>
              {/* A disabled fieldset disables whatever control the screen put here, without the screen's help. */}
              {held ? (
                <fieldset disabled className={css.heldSlot} aria-describedby={holdId}>
                  {primary}
                </fieldset>
              ) : (
                primary
              )}
            </div>
          ) : null}
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
