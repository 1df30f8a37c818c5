import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCard } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import type { sellCardMachine } from '../../../machines/sellCard.machine';
import {
  selectCanSubmit,
  selectCardsStatus,
  selectGroupedNumber,
  selectMistyped,
  selectNumberStatus,
  selectSave,
  selectSavedCards,
  selectSystem,
} from '../../../machines/sellCard.selectors';
import { displayMasked } from '../../../machines/shared/sell';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { useMoneyHold } from '../shell/moneyHold';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import * as settings from '../settings/settings.css';
import * as shell from '../shell/AppShell.css';
import { sellMessages } from './messages';
import * as css from './sell.css';

export type SellCardActor = ActorRefFrom<typeof sellCardMachine>;

/**
 * The card step (spec §2, §5): the card number in groups of four, the bank check at 6 digits, the
 * optional "save card" switch and the saved cards (a tap continues). The number is never stored: it
 * lives in the machine's memory and this field only.
 */
export function SellCardScreen({ actor, onBack }: { actor: SellCardActor; onBack: () => void }) {
  const hold = useMoneyHold();
  const { t, i18n } = useLingui();
  const grouped = useSelector(actor, selectGroupedNumber);
  const status = useSelector(actor, selectNumberStatus);
  const cardsStatus = useSelector(actor, selectCardsStatus);
  const cards = useSelector(actor, selectSavedCards);
  const save = useSelector(actor, selectSave);
  const system = useSelector(actor, selectSystem);
  const mistyped = useSelector(actor, selectMistyped);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const error =
    status === 'otherBank'
      ? i18n._(sellMessages.onlySber)
      : mistyped
        ? t`Check the card number: a digit seems mistyped.`
        : undefined;

  return (
    <Screen
      hold={hold}
      back={{ onClick: onBack }}
      title={<Trans>Card for the payout</Trans>}
      onSubmit={() => actor.send({ type: 'card.submitted' })}
      primary={
        <Button type="submit" disabled={!canSubmit}>
          <Trans>Continue</Trans>
        </Button>
      }
    >
      <TextField
        label={t`Card number`}
        value={grouped}
        onValueChange={(value) => actor.send({ type: 'number.changed', value })}
        inputMode="numeric"
        autoComplete="cc-number"
        name="cc-number"
        placeholder="0000 0000 0000 0000"
        // 16 digits and 3 spaces.
        maxLength={19}
        error={error}
      />
      <p className={css.note} data-testid="sell-card-status" aria-live="polite">
        {status === 'lookingUp' ? (
          <Trans>Checking the bank…</Trans>
        ) : status === 'supported' && !mistyped ? (
          // One message at a time: a mistyped number says only that (issue 22).
          system ? (
            <Trans>Sberbank card · {system}</Trans>
          ) : (
            <Trans>Sberbank card</Trans>
          )
        ) : status === 'short' ? (
          <Trans>Payouts in RUB go to Sberbank cards.</Trans>
        ) : null}
      </p>
      {status === 'lookupFailed' ? (
        <div role="alert" className={shell.card}>
          <p className={shell.muted}>
            <Trans>Could not check the card's bank.</Trans>
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'lookup.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : null}
      <ul className={settings.list}>
        <li>
          <button
            type="button"
            role="switch"
            aria-checked={save}
            className={settings.row}
            onClick={() => actor.send({ type: 'save.toggled' })}
          >
            <span>
              <Trans>Save card for next time</Trans>
            </span>
            <span className={settings.track}>
              <span className={settings.thumb} />
            </span>
          </button>
        </li>
      </ul>
      <h2 className={css.sectionTitle} id="saved-cards-title">
        <Trans>Saved cards</Trans>
      </h2>
      {cardsStatus === 'loading' ? <Spinner label={t`Loading saved cards`} /> : null}
      {cardsStatus === 'failed' ? (
        <div role="alert" className={shell.card}>
          <p className={shell.muted}>
            <Trans>Could not load your saved cards.</Trans>
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'cards.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      ) : null}
      {cardsStatus === 'list' && cards.length === 0 ? (
        <p className={css.note} data-testid="saved-cards-empty">
          <Trans>No saved cards yet.</Trans>
        </p>
      ) : null}
      {cards.length > 0 ? (
        <ul className={css.cards} aria-labelledby="saved-cards-title" data-testid="saved-cards">
          {cards.map((card) => (
            <li key={card.cardId}>
              <button
                type="button"
                className={css.savedCard}
                onClick={() => actor.send({ type: 'saved.picked', cardId: card.cardId })}
              >
                <CreditCard size={20} strokeWidth={2} aria-hidden />
                <span className={`${css.grow} ${css.mono}`}>{displayMasked(card.mascCard)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Screen>
  );
}
