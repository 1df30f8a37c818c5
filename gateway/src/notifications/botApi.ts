/**
 * One Bot API client for the real Telegram and the sandbox (the gateway serves the same shapes at
 * {TELEGRAM_API_URL}/bot<token>/sendMessage in sandbox mode, sandboxBotApi.ts).
 * https://core.telegram.org/bots/api#sendmessage, #inlinekeyboardbutton, #responseparameters
 */

export interface InlineKeyboardButton {
  text: string;
  web_app?: { url: string };
  url?: string;
}

export interface SendMessageRequest {
  chat_id: number;
  text: string;
  reply_markup?: { inline_keyboard: InlineKeyboardButton[][] };
  link_preview_options?: { is_disabled: boolean };
}

/** The real API's answer: `{ ok: true, result: Message }` or `{ ok: false, error_code, description, parameters? }`. */
export type BotApiAnswer =
  | { ok: true; result: { message_id: number; date: number; chat: { id: number; type: string }; text: string } }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } };

export type SendOutcome =
  | { kind: 'sent'; messageId: number }
  /** 429: wait this many seconds before the next try (Telegram's `retry_after`). */
  | { kind: 'flood'; retryAfterSeconds: number }
  /** Telegram will never take it (blocked by the user, chat not found): do not retry. */
  | { kind: 'refused'; description: string };

export interface BotApi {
  sendMessage(request: SendMessageRequest): Promise<SendOutcome>;
}

/**
 * A network error, a timeout or a 5xx throws: the job engine retries after its backoff. The timeout
 * must stay under the sender's lease, or a second replica could claim the job while this call runs.
 */
export function createBotApi(opts: {
  apiUrl: string | (() => string);
  token: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): BotApi {
  const doFetch = opts.fetch ?? fetch;
  return {
    async sendMessage(request) {
      const base = typeof opts.apiUrl === 'function' ? opts.apiUrl() : opts.apiUrl;
      const response = await doFetch(`${base.replace(/\/$/, '')}/bot${opts.token}/sendMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      const answer = (await response.json().catch(() => null)) as BotApiAnswer | null;
      if (answer?.ok) return { kind: 'sent', messageId: answer.result.message_id };
      const code = answer?.error_code ?? response.status;
      if (code === 429) return { kind: 'flood', retryAfterSeconds: Math.max(1, answer?.parameters?.retry_after ?? 1) };
      if (code >= 400 && code < 500 && code !== 401 && code !== 404)
        return { kind: 'refused', description: answer?.description ?? `HTTP ${code}` };
      // 401/404 is our token or URL (configuration), 5xx is Telegram's: both are worth another try.
      throw new Error(`Bot API ${code}: ${answer?.description ?? response.statusText}`);
    },
  };
}
