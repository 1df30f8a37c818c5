import { BookUser, ClipboardPaste, History, ScanLine, Zap } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  selectAddress,
  selectAddressProblem,
  selectAmount,
  selectAvailable,
  selectCanContinue,
  selectCanMax,
  selectInternalRecipient,
  selectCheckFailed,
  selectCheckingAddress,
  selectCoin,
  selectFee,
  selectFeeFailed,
  selectLoadingFee,
  selectNotEnoughFunds,
  selectPasting,
  selectPicking,
  selectRecentRecipients,
  selectRecipientCheck,
  selectScanner,
} from '../../../machines/send.selectors';
import { shortenAddress } from '../../../machines/shared/address';
import { isCompleteAmount, toWireAmount } from '../../../machines/shared/amountInput';
import { assetDisplayName } from '../../i18n/assetName';
import { formatCryptoNear, type FiatRate } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { useMoneyHold } from '../shell/moneyHold';
import { TextField } from '../../ui/TextField';
import { networkName } from '../asset/network';
import { ScannerOverlay } from '../scanner/ScannerOverlay';
import { AddressBookPicker } from './AddressBookPicker';
import { RecipientWarning } from './RecipientWarning';
import { WalletUserNotes } from './WalletUserNotes';
import { addressProblemMessages, sendMessages } from './messages';
import * as shell from '../shell/AppShell.css';
import * as css from './send.css';
import { ResetHoldNotice } from '../passcode/ResetHoldNotice';
import type { SendActor } from './types';

const icon = { size: 18, strokeWidth: 2, 'aria-hidden': true } as const;

/**
 * /home/asset/{currency}/send: address, amount (with its fiat value as you type, when a rate is
 * loaded), Max and fee (spec §2, §5). Renders machine state only.
 */
export function SendFormScreen({ actor, rate = null }: { actor: SendActor; rate?: FiatRate | null }) {
  const hold = useMoneyHold();
  const { t, i18n } = useLingui();
  const format = useFormat();
  const currency = useSelector(actor, (s) => s.context.currency);
  const coin = useSelector(actor, selectCoin);
  const available = useSelector(actor, selectAvailable);
  const address = useSelector(actor, selectAddress);
  const amount = useSelector(actor, selectAmount);
  const fee = useSelector(actor, selectFee);
  const problem = useSelector(actor, selectAddressProblem);
  const checking = useSelector(actor, selectCheckingAddress);
  const loadingFee = useSelector(actor, selectLoadingFee);
  const checkFailed = useSelector(actor, selectCheckFailed);
  const feeFailed = useSelector(actor, selectFeeFailed);
  const tooMuch = useSelector(actor, selectNotEnoughFunds);
  const canMax = useSelector(actor, selectCanMax);
  const canContinue = useSelector(actor, selectCanContinue);
  const pasting = useSelector(actor, selectPasting);
  const picking = useSelector(actor, selectPicking);
  const scanner = useSelector(actor, selectScanner);
  const recipientCheck = useSelector(actor, selectRecipientCheck);
  const recent = useSelector(actor, selectRecentRecipients);
  const internal = useSelector(actor, selectInternalRecipient);
  const { label, unit } = assetDisplayName(coin ?? currency);
  const network = coin ? networkName(coin) : '';
  const availableText = available === null ? '' : format.balance(available, coin);
  // In the asset's round (spec §9), "≈" when that drops digits.
  const feeText = fee === null ? '' : formatCryptoNear(fee, coin, format.locale);
  const amountFiat =
    isCompleteAmount(toWireAmount(amount)) && amount !== '' ? format.fiatOf(toWireAmount(amount), rate) : null;

  return (
    <Screen
      hold={hold}
      back={{ to: `/home/asset/${encodeURIComponent(currency)}` }}
      title={<Trans>Send {label}</Trans>}
      primary={
        <Button disabled={!canContinue} onClick={() => actor.send({ type: 'form.submitted' })}>
          <Trans>Continue</Trans>
        </Button>
      }
    >
      <ResetHoldNotice />
      {available !== null ? (
        <p className={shell.muted} data-testid="send-available">
          <Trans>
            Available: {availableText} {unit}
          </Trans>
        </p>
      ) : null}
      <TextField
        label={t`Recipient's ${network} address, @username or e-mail`}
        value={address}
        onValueChange={(value) => actor.send({ type: 'address.changed', value })}
        error={problem ? i18n._(addressProblemMessages[problem]) : undefined}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
      />
      <WalletUserNotes actor={actor} />
      <div className={css.tools}>
        <button
          type="button"
          className={css.tool}
          aria-busy={pasting || undefined}
          disabled={pasting}
          onClick={() => actor.send({ type: 'address.pasted' })}
        >
          <ClipboardPaste {...icon} />
          <Trans>Paste</Trans>
        </button>
        <button type="button" className={css.tool} onClick={() => actor.send({ type: 'scan.requested' })}>
          <ScanLine {...icon} />
          <Trans>Scan QR</Trans>
        </button>
        <button type="button" className={css.tool} onClick={() => actor.send({ type: 'book.requested' })}>
          <BookUser {...icon} />
          <Trans>Address book</Trans>
        </button>
      </div>
      {recent.length > 0 ? (
        <section aria-labelledby="recent-title" className={css.compare}>
          <h2 id="recent-title" className={css.compareLabel}>
            <Trans>Recent recipients</Trans>
          </h2>
          <ul className={css.recent}>
            {recent.map((r) => (
              <li key={r.address}>
                <button
                  type="button"
                  className={css.tool}
                  title={r.address}
                  onClick={() => actor.send({ type: 'recent.picked', address: r.address })}
                >
                  <History {...icon} />
                  {r.name ?? shortenAddress(r.address)}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <RecipientWarning check={recipientCheck} address={address} />
      {internal ? (
        <p className={css.internal} data-testid="send-internal">
          <Zap {...icon} />
          <Trans>Wallet user · free, instant</Trans>
        </p>
      ) : null}
      {checking ? (
        <p role="status" className={css.note}>
          <Trans>Checking the address…</Trans>
        </p>
      ) : null}
      {checkFailed || feeFailed ? (
        <div role="alert" className={shell.card}>
          <p className={shell.muted}>
            {checkFailed ? <Trans>Could not check the address.</Trans> : <Trans>Could not load the network fee.</Trans>}
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'address.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : null}
      <div className={css.amountRow}>
        <div className={css.grow}>
          <TextField
            label={t`Amount, ${unit}`}
            value={amount}
            inputMode="decimal"
            placeholder="0"
            onValueChange={(value) => actor.send({ type: 'amount.changed', value })}
            error={tooMuch ? i18n._(sendMessages.notEnoughFunds) : undefined}
          />
        </div>
        <div className={css.max}>
          <Button variant="secondary" disabled={!canMax} onClick={() => actor.send({ type: 'max.requested' })}>
            <Trans>Max</Trans>
          </Button>
        </div>
      </div>
      {amountFiat === null ? null : (
        <p className={css.note} data-testid="send-amount-fiat">
          ≈ {amountFiat}
        </p>
      )}
      <p className={css.note}>
        <Trans>
          The recipient gets the amount you enter; the network fee comes on top. Max sends everything available minus
          the fee.
        </Trans>
      </p>
      <p className={css.note} data-testid="send-fee">
        {fee !== null ? (
          <Trans>
            Network fee: {feeText} {unit}
          </Trans>
        ) : loadingFee ? (
          <Trans>Network fee: loading…</Trans>
        ) : (
          <Trans>Network fee: enter an address</Trans>
        )}
      </p>
      {picking ? <AddressBookPicker actor={actor} network={network} /> : null}
      {scanner ? <ScannerOverlay actor={scanner} /> : null}
    </Screen>
  );
}
