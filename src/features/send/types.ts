import type { ActorRefFrom } from 'xstate';
import type { sendMachine } from '../../../machines/send.machine';

/** The running send machine, as every send screen (and the address-book picker inside the form) holds it. */
export type SendActor = ActorRefFrom<typeof sendMachine>;
