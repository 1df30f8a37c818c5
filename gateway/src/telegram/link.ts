import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { DomainError } from '../domain/errors.js';
import { revokeUserGrants } from '../idp/adapter.js';
import type { Mailer } from '../mail/mailer.js';
import { securityNoticeMail } from '../mail/templates.js';
import { checkPasscodeIfSet } from '../passcode/service.js';
import { mailOwner, recordSecurityEvent, type SecurityDetail, type SecurityEventKind } from '../security/events.js';
import { codeStatus, consumeCodeWithPayload, createOnlyLiveCode, peekCode } from '../users/codes.js';
import { InitDataError, verifyInitData, type TelegramUser } from './initData.js';
import {
  RelinkWithoutProof,
  alreadyLinked,
  type LinkedTelegram,
  linkOfUser,
  linkTelegram,
  linkedUserOf,
  unlinkTelegram,
} from './service.js';

/**
 * Who may change the Telegram link of an account (issue 20 item 1, GUIDE §8.14, docs/security-telegram-link.md):
 * - a FIRST link needs a sign-in at most FRESH_SIGN_IN_SECONDS old (the access token's auth_time) or
 *   the passcode;
 * - REPLACING a link needs the passcode when one is set AND proof from the linked Telegram (its fresh
 *   init data) or a confirmation link mailed to the account's e-mail; it ends every session;
 * - every link, unlink, re-link, re-link request and refusal is a security event, mailed to the owner.
 */
export const FRESH_SIGN_IN_SECONDS = 300;

export const linkErrors = {
  signInRequired: () =>
    new DomainError(
      'forbidden',
      'TG_LINK_SIGN_IN_REQUIRED',
      'Linking Telegram needs a recent sign-in or your passcode: sign in again and retry',
    ),
  proofRequired: (why: string) =>
    new DomainError(
      'forbidden',
      'TG_RELINK_PROOF_REQUIRED',
      `Another Telegram account is linked to this wallet: replacing it needs fresh init data of that Telegram account (currentInitData) or a confirmation by e-mail (confirmBy: "email") (${why})`,
      { field: 'currentInitData' },
    ),
  codeInvalid: () => new DomainError('invalid', 'TG_RELINK_CODE_INVALID', 'This confirmation link is not valid'),
  codeExpired: () =>
    new DomainError('invalid', 'TG_RELINK_CODE_EXPIRED', 'This confirmation link has expired: ask for a new one'),
  codeUsed: () => new DomainError('invalid', 'TG_RELINK_CODE_USED', 'This confirmation link was already used'),
};

export type LinkOutcome = { kind: 'linked' | 'relinked' | 'unchanged' } | { kind: 'confirmation'; expiresAt: Date };

export interface LinkRequest {
  /** The access token's auth_time (unix seconds), when the IdP says it. */
  authTime?: number | undefined;
  /** The `pincode` header. */
  pincode?: string | undefined;
  /** Init data of the currently linked Telegram user, signed within the recovery window. */
  currentInitData?: string | undefined;
  confirmBy?: 'email' | undefined;
}

type Named = { id: number; username?: string | null | undefined };
const asLinked = (tg: Named): LinkedTelegram => (tg.username ? { id: tg.id, username: tg.username } : { id: tg.id });
const detailOf = (tg: Named): SecurityDetail => ({ telegramUserId: tg.id, username: tg.username ?? null });

export function createTelegramLinks(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  onMailError: (err: unknown) => void;
}) {
  const { db, config, mailer, onMailError } = deps;
  const relinkPath = (code: string) => `/b2c-user-management/tg/relink/${code}`;
  const relinkUrl = (code: string) => `${config.publicUrl.replace(/\/$/, '')}${relinkPath(code)}`;
  const notify = (userId: string, kind: SecurityEventKind, detail: SecurityDetail) =>
    mailOwner(db, mailer, userId, kind, detail, onMailError);

  /** A refused attempt: recorded (outside any transaction that rolls back), mailed, then thrown. */
  async function refuse(userId: string, tg: Named | undefined, reason: string, error: DomainError): Promise<never> {
    const detail = { ...(tg ? detailOf(tg) : { telegramUserId: null, username: null }), reason };
    await recordSecurityEvent(db, userId, 'telegram_link_refused', detail);
    await notify(userId, 'telegram_link_refused', detail);
    throw error;
  }

  /** The passcode when one is set (counted with the usual lockout); its refusals are recorded refusals. */
  async function passcode(userId: string, header: string | undefined, tg: Named | undefined): Promise<boolean> {
    try {
      return await checkPasscodeIfSet(db, config.passcodePeppers, userId, header);
    } catch (err) {
      if (err instanceof DomainError) await refuse(userId, tg, err.code, err);
      throw err;
    }
  }

  const freshSignIn = (authTime: number | undefined) =>
    typeof authTime === 'number' && Date.now() / 1000 - authTime <= FRESH_SIGN_IN_SECONDS;

  /**
   * What a first link (or a link code) asks: a sign-in within FRESH_SIGN_IN_SECONDS, or the passcode.
   * With neither: 403 PINCODE_REQUIRED (a passcode is set: send it) or TG_LINK_SIGN_IN_REQUIRED.
   */
  async function requireFirstLinkProof(userId: string, req: LinkRequest, tg: Named | undefined): Promise<void> {
    if (freshSignIn(req.authTime)) return;
    if (await passcode(userId, req.pincode, tg)) return;
    await refuse(userId, tg, 'sign-in not recent, no passcode', linkErrors.signInRequired());
  }

  /** Replaces the link in one transaction with the end of every session and the event; then mails. */
  async function relink(
    userId: string,
    tg: TelegramUser | Named,
    replacing: number | 'any',
    proof: 'telegram' | 'email',
    previous?: Named,
  ) {
    const detail: SecurityDetail = {
      ...detailOf(tg),
      previousTelegramUserId: previous?.id ?? null,
      previousUsername: previous?.username ?? null,
      proof,
    };
    await db.transaction(async (tx) => {
      await linkTelegram(tx, userId, asLinked(tg), replacing);
      await revokeUserGrants(tx, userId);
      await recordSecurityEvent(tx, userId, 'telegram_relinked', detail);
    });
    await notify(userId, 'telegram_relinked', detail);
  }

  /** Checks `currentInitData`: signed by our bot, fresh, and of the Telegram user linked now. */
  function provesCurrent(currentInitData: string, current: Named): string | undefined {
    let proof: TelegramUser;
    try {
      proof = verifyInitData(
        currentInitData,
        config.telegramBotToken,
        Date.now(),
        config.telegramRecoveryMaxAgeSeconds,
      ).user;
    } catch (err) {
      if (!(err instanceof InitDataError)) throw err;
      return err.reason === 'expired'
        ? 'currentInitData is too old: reopen the Mini App from the linked Telegram'
        : 'currentInitData is not valid';
    }
    return proof.id === current.id ? undefined : 'currentInitData is of another Telegram account';
  }

  return {
    /** POST /user/tg/link: link `tg` to the signed-in user under the rules above. */
    async link(userId: string, tg: TelegramUser, req: LinkRequest): Promise<LinkOutcome> {
      const owner = await linkedUserOf(db, tg.id);
      if (owner && owner !== userId) throw alreadyLinked();
      const current = await linkOfUser(db, userId);
      if (current?.telegramUserId === tg.id) {
        await db.transaction((tx) => linkTelegram(tx, userId, tg));
        return { kind: 'unchanged' };
      }
      if (!current) {
        await requireFirstLinkProof(userId, req, tg);
        try {
          await db.transaction(async (tx) => {
            await linkTelegram(tx, userId, tg);
            await recordSecurityEvent(tx, userId, 'telegram_linked', detailOf(tg));
          });
        } catch (err) {
          // Another request linked a Telegram meanwhile: this one is now a re-link without proof.
          if (err instanceof RelinkWithoutProof)
            await refuse(
              userId,
              tg,
              'linked meanwhile',
              linkErrors.proofRequired('a Telegram account was linked meanwhile'),
            );
          throw err;
        }
        await notify(userId, 'telegram_linked', detailOf(tg));
        return { kind: 'linked' };
      }

      const previous = { id: current.telegramUserId, username: current.username };
      if (req.currentInitData !== undefined) {
        const wrong = provesCurrent(req.currentInitData, previous);
        if (wrong) await refuse(userId, tg, wrong, linkErrors.proofRequired(wrong));
        await passcode(userId, req.pincode, tg);
        try {
          await relink(userId, tg, previous.id, 'telegram', previous);
        } catch (err) {
          if (err instanceof RelinkWithoutProof)
            await refuse(
              userId,
              tg,
              'link changed meanwhile',
              linkErrors.proofRequired('the linked Telegram account changed meanwhile'),
            );
          throw err;
        }
        return { kind: 'relinked' };
      }
      if (req.confirmBy === 'email') {
        const [user] = await db
          .select({ email: users.email, confirmed: users.emailConfirmed })
          .from(users)
          .where(eq(users.id, userId));
        if (!user?.email || !user.confirmed)
          await refuse(
            userId,
            tg,
            'no confirmed e-mail',
            linkErrors.proofRequired('the account has no confirmed e-mail'),
          );
        await passcode(userId, req.pincode, tg);
        const detail = detailOf(tg);
        const { code, expiresAt } = await db.transaction(async (tx) => {
          const made = await createOnlyLiveCode(tx, 'tg_relink', userId, {
            telegramUserId: tg.id,
            username: tg.username ?? null,
          });
          await recordSecurityEvent(tx, userId, 'telegram_relink_requested', detail);
          return made;
        });
        try {
          await mailer.send(securityNoticeMail(user!.email!, 'telegram_relink_requested', detail, relinkUrl(code)));
        } catch (err) {
          onMailError(err);
          throw new DomainError(
            'failed',
            'TG_RELINK_MAIL_FAILED',
            'The confirmation e-mail could not be sent: try again later',
          );
        }
        return { kind: 'confirmation', expiresAt };
      }
      return refuse(userId, tg, 'no proof', linkErrors.proofRequired('no proof given'));
    },

    /** POST /user/tg/code: a first link's code is proof-checked when it is made. */
    async beforeLinkCode(userId: string, req: LinkRequest): Promise<void> {
      const current = await linkOfUser(db, userId);
      if (current)
        await refuse(
          userId,
          undefined,
          'link code for a linked account',
          linkErrors.proofRequired('link codes link a first Telegram account only'),
        );
      await requireFirstLinkProof(userId, req, undefined);
    },

    /** POST /auth/tg/link, inside its transaction: the code's owner gets `tg` as a first link only. */
    async linkByCode(
      tx: Parameters<Parameters<Db['transaction']>[0]>[0],
      userId: string,
      tg: TelegramUser,
    ): Promise<void> {
      await linkTelegram(tx, userId, tg);
      await recordSecurityEvent(tx, userId, 'telegram_linked', detailOf(tg));
    },
    /** After a code link: the owner is told; a refused one (a link was added since the code was made) is recorded. */
    linkedByCode: (userId: string, tg: TelegramUser) => notify(userId, 'telegram_linked', detailOf(tg)),
    refusedByCode: (userId: string, tg: TelegramUser) =>
      refuse(
        userId,
        tg,
        'link code for a linked account',
        linkErrors.proofRequired('a Telegram account was linked after the code was made'),
      ),

    async unlink(userId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const row = await unlinkTelegram(tx, userId);
        if (row)
          await recordSecurityEvent(
            tx,
            userId,
            'telegram_unlinked',
            detailOf({ id: row.telegramUserId, username: row.username }),
          );
        return row;
      });
      if (removed)
        await notify(userId, 'telegram_unlinked', detailOf({ id: removed.telegramUserId, username: removed.username }));
    },

    /** What a mailed confirmation link would link, without using it (the page a mail scanner may open too). */
    async pendingRelink(code: string): Promise<{ ok: true; tg: Named } | { ok: false; error: DomainError }> {
      const live = await peekCode(db, 'tg_relink', code);
      if (live)
        return {
          ok: true,
          tg: { id: Number(live.payload?.telegramUserId), username: (live.payload?.username as string | null) ?? null },
        };
      return { ok: false, error: await codeRefusal(code) };
    },

    /** The mailed link's button: uses the code and re-links, ending every session. */
    async confirmRelink(code: string): Promise<Named> {
      let outcome: { userId: string; tg: Named; previous: Named | undefined } | undefined;
      await db.transaction(async (tx) => {
        const used = await consumeCodeWithPayload(tx, 'tg_relink', code);
        if (!used) return;
        const tg = {
          id: Number(used.payload?.telegramUserId),
          username: (used.payload?.username as string | null) ?? null,
        };
        const current = await linkOfUser(tx, used.userId);
        const previous = current ? { id: current.telegramUserId, username: current.username } : undefined;
        await linkTelegram(tx, used.userId, asLinked(tg), 'any');
        await revokeUserGrants(tx, used.userId);
        await recordSecurityEvent(tx, used.userId, 'telegram_relinked', {
          ...detailOf(tg),
          previousTelegramUserId: previous?.id ?? null,
          previousUsername: previous?.username ?? null,
          proof: 'email',
        });
        outcome = { userId: used.userId, tg, previous };
      });
      if (!outcome) throw await codeRefusal(code);
      await notify(outcome.userId, 'telegram_relinked', {
        ...detailOf(outcome.tg),
        previousTelegramUserId: outcome.previous?.id ?? null,
        previousUsername: outcome.previous?.username ?? null,
        proof: 'email',
      });
      return outcome.tg;
    },

    relinkPath,
  };

  async function codeRefusal(code: string): Promise<DomainError> {
    const status = await codeStatus(db, 'tg_relink', code);
    if (status === 'expired') return linkErrors.codeExpired();
    if (status === 'used') return linkErrors.codeUsed();
    return linkErrors.codeInvalid();
  }
}

export type TelegramLinks = ReturnType<typeof createTelegramLinks>;
