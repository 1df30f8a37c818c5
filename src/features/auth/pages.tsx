import { useParams, useSearch } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { loginMachine } from '../../../machines/login.machine';
import { signupMachine } from '../../../machines/signup.machine';
import { checkMailMachine } from '../../../machines/checkMail.machine';
import { confirmMachine } from '../../../machines/confirm.machine';
import { forgotMachine } from '../../../machines/forgot.machine';
import { resetMachine } from '../../../machines/reset.machine';
import { LoginEmailScreen } from './LoginEmailScreen';
import { SignupEmailScreen } from './SignupEmailScreen';
import { CheckMailScreen } from './CheckMailScreen';
import { ConfirmScreen } from './ConfirmScreen';
import { ForgotScreen } from './ForgotScreen';
import { ResetScreen } from './ResetScreen';
import { ForgotSuccessScreen, LoginWelcomeScreen, SignupChoiceScreen } from './StaticScreens';
import {
  liveConfirmEmail, liveConfirmReset, liveRegister, liveRequestReset, liveSignIn, useAuthEffects,
} from './live';
import { checkMailActions, confirmActions, forgotActions, loginActions, resetActions, signupActions } from './wiring';

/** Route components (spec §2): each starts its flow's machine with the live actors and effects. */
export const LoginPage = LoginWelcomeScreen;
export const SignupPage = SignupChoiceScreen;
export const ForgotSuccessPage = ForgotSuccessScreen;

export function LoginEmailPage() {
  const fx = useAuthEffects();
  const actorRef = useActorRef(loginMachine.provide({ actors: { signIn: liveSignIn }, actions: loginActions(fx) }));
  return <LoginEmailScreen actorRef={actorRef} />;
}

export function SignupEmailPage() {
  const fx = useAuthEffects();
  const actorRef = useActorRef(signupMachine.provide({ actors: { register: liveRegister }, actions: signupActions(fx) }));
  return <SignupEmailScreen actorRef={actorRef} />;
}

export function SignupSuccessPage() {
  const fx = useAuthEffects();
  const { email } = useSearch({ strict: false }) as { email?: unknown };
  const actorRef = useActorRef(checkMailMachine.provide({ actions: checkMailActions(fx) }), {
    input: { email: typeof email === 'string' ? email : '' },
  });
  return <CheckMailScreen actorRef={actorRef} />;
}

export function ConfirmPage() {
  const fx = useAuthEffects();
  const { code } = useParams({ strict: false }) as { code?: string };
  const actorRef = useActorRef(confirmMachine.provide({ actors: { confirmEmail: liveConfirmEmail }, actions: confirmActions(fx) }), {
    input: { code: code ?? '' },
  });
  return <ConfirmScreen actorRef={actorRef} />;
}

export function ForgotPage() {
  const fx = useAuthEffects();
  const actorRef = useActorRef(forgotMachine.provide({ actors: { requestReset: liveRequestReset }, actions: forgotActions(fx) }));
  return <ForgotScreen actorRef={actorRef} />;
}

export function ResetPage() {
  const fx = useAuthEffects();
  const { code } = useParams({ strict: false }) as { code?: string };
  const actorRef = useActorRef(resetMachine.provide({ actors: { confirmReset: liveConfirmReset }, actions: resetActions(fx) }), {
    input: { code: code ?? '' },
  });
  return <ResetScreen actorRef={actorRef} />;
}
