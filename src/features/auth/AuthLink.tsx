import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { NavTarget } from './effects';

/** A real anchor (keyboard, middle click, screen readers) that navigates inside the app. */
export function AuthLink({ target, className, children }: { target: NavTarget; className?: string; children: ReactNode }) {
  // Targets are plain data shared with machine effects, so they skip the router's typed route lookup.
  return (
    <Link to={target.to as never} search={target.search as never} className={className}>
      {children}
    </Link>
  );
}
