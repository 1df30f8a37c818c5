import type { ActorRefFrom } from 'xstate';
import type { appMachine } from '../../machines/app.machine';
import type { sessionMachine } from '../../machines/session.machine';
import type { preferencesMachine } from '../../machines/preferences.machine';
import type { availableCoinsMachine } from '../../machines/availableCoins.machine';
import type { balancesMachine } from '../../machines/balances.machine';
import type { profileMachine } from '../../machines/profile.machine';
import type { resetHoldMachine } from '../../machines/resetHold.machine';
import type { toastMachine } from '../../machines/toast.machine';
import type { connectivityMachine } from '../../machines/connectivity.machine';

/** The app-wide actors' types, for code that only holds a reference (feature services, links, views). */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type PreferencesActor = ActorRefFrom<typeof preferencesMachine>;
export type AvailableCoinsActor = ActorRefFrom<typeof availableCoinsMachine>;
export type BalancesActor = ActorRefFrom<typeof balancesMachine>;
export type ProfileActor = ActorRefFrom<typeof profileMachine>;
export type ToastActor = ActorRefFrom<typeof toastMachine>;
export type ConnectivityActor = ActorRefFrom<typeof connectivityMachine>;
export type ResetHoldActor = ActorRefFrom<typeof resetHoldMachine>;
export type AppActor = ActorRefFrom<typeof appMachine>;
