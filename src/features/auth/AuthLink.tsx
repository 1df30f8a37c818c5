import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { NavTarget } from './effects';

/** A real anchor (keyboard, middle click, screen readers) that navigates inside the app. */
export function AuthLink({
  target,
  className,
  children,
}: {
  target: NavTarget;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link {...target} className={className}>
      {children}
    </Link>
  );
}
