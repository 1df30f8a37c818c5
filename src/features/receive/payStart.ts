import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Platform } from '../../platform/types';

/**
 * Once per launch: a start value is opened only on the first Home, not every time Home shows again. A
 * launch has one platform object, so the mark is kept on it rather than in a module-wide flag.
 */
const opened = new WeakSet<object>();

/**
 * Inside Telegram, a `t.me/<bot>?startapp=pay-…` link (issue 25) starts the Mini App on Home; this opens
 * the request on /pay (which reads it) once, as the launch's first screen; a bot message's `tx-…` button
 * (issue 24) opens its transaction the same way. The sign-in takes a `pay-` or `tx-` value for no link
 * code (src/auth/telegramSignIn.ts).
 */
export function useOpenPayStart(platform: Pick<Platform, 'startParam'>) {
  const navigate = useNavigate();
  useEffect(() => {
    const start = platform.startParam;
    if (opened.has(platform) || !start) return;
    // A bot message's button (issue 24): `tx-<currency>-<type>-<id>` opens that transaction.
    const tx = /^tx-([A-Z0-9_]{1,16})-([A-Z0-9]{1,12})-([0-9a-f-]{36})$/.exec(start);
    if (tx) {
      opened.add(platform);
      void navigate({ href: `/home/asset/${tx[1]}/transaction/${tx[3]}/${tx[2]}` });
      return;
    }
    if (!start.startsWith('pay-')) return;
    opened.add(platform);
    void navigate({ href: `/pay?start=${encodeURIComponent(start)}` });
  }, [navigate, platform]);
}
