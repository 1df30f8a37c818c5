import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Platform } from '../../platform/types';

/** Once per launch: a start value is opened only on the first Home, not every time Home shows again. */
let opened = false;

/**
 * Inside Telegram, a `t.me/<bot>?startapp=pay-…` link (issue 25) starts the Mini App on Home; this opens
 * the request on /pay (which reads it) once, as the launch's first screen. The sign-in takes a `pay-` value
 * for no link code (src/auth/telegramSignIn.ts).
 */
export function useOpenPayStart(platform: Pick<Platform, 'startParam'>) {
  const navigate = useNavigate();
  useEffect(() => {
    const start = platform.startParam;
    if (opened || !start?.startsWith('pay-')) return;
    opened = true;
    void navigate({ href: `/pay?start=${encodeURIComponent(start)}` });
  }, [navigate, platform.startParam]);
}
