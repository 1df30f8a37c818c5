import type { SnapshotFrom } from 'xstate';
import type { botMessagesOfferMachine } from './botMessagesOffer.machine';

type Snapshot = SnapshotFrom<typeof botMessagesOfferMachine>;

/** The offer is on Home: made, Telegram's dialog open, or the gateway saving. */
export const selectOfferShown = (s: Snapshot) => s.hasTag('shown');
export const selectOfferBusy = (s: Snapshot) => s.hasTag('busy');
