import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
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
import { ForgotSuccessScreen } from './ForgotSuccessScreen';
import { LoginWelcomeScreen, SignupChoiceScreen } from './StaticScreens';
import { useServices } from '../../app/context';
import type { AppServices } from '../../app/services';
import type { AuthEffects } from './effects';
import { createAuthActors, type AuthActors } from './services';
import { checkMailActions, confirmActions, forgotActions, loginActions, resetActions, signupActions } from './wiring';

/** The router, the app's toast area and the platform, as the auth screens' effects. */
function useAuthEffects(): AuthEffects {
  const navigate = useNavigate();
  const { platform, showToast } = useServices();
  return {
    navigate: (target) => void navigate(target),
    toast: showToast,
    openLink: (url) => platform.openLink(url),
  };
}

// One set of actor logic per services, built when the first auth form opens (so it downloads with these
// screens, not with the boot chunk): a confirmation code is spent once however often its page mounts.
const built = new WeakMap<AppServices, AuthActors>();

/** The auth forms' actor logic (src/features/auth/services.ts) over the services' forms and password sign-in. */
function useAuthActors(): AuthActors {
  const services = useServices();
  let actors = built.get(services);
  if (!actors) built.set(services, (actors = createAuthActors(services.auth)));
  return actors;
}

/** Route components (spec §2): each starts its flow's machine with the live actors and effects. */
export const LoginPage = LoginWelcomeScreen;
export const SignupPage = SignupChoiceScreen;
export const ForgotSuccessPage = ForgotSuccessScreen;

export function LoginEmailPage() {
  const fx = useAuthEffects();
  const auth = useAuthActors();
  const actorRef = useActorRef(loginMachine.provide({ actors: { signIn: auth.signIn }, actions: loginActions(fx) }));
  return <LoginEmailScreen actorRef={actorRef} />;
}

export function SignupEmailPage() {
  const fx = useAuthEffects();
  const auth = useAuthActors();
  const actorRef = useActorRef(
    signupMachine.provide({ actors: { register: auth.register }, actions: signupActions(fx) }),
  );
  return <SignupEmailScreen actorRef={actorRef} />;
}

export function SignupSuccessPage() {
  const fx = useAuthEffects();
  // Not `from` this route: the page also renders in route trees of its own (tests); typed by the registered router.
  const { email } = useSearch({ strict: false });
  const actorRef = useActorRef(checkMailMachine.provide({ actions: checkMailActions(fx) }), {
    input: { email: typeof email === 'string' ? email : '' },
  });
  return <CheckMailScreen actorRef={actorRef} />;
}

export function ConfirmPage() {
  const fx = useAuthEffects();
  const auth = useAuthActors();
  const { code } = useParams({ strict: false }) as { code?: string };
  const actorRef = useActorRef(
    confirmMachine.provide({ actors: { confirmEmail: auth.confirmEmail }, actions: confirmActions(fx) }),
    {
      input: { code: code ?? '' },
    },
  );
  return <ConfirmScreen actorRef={actorRef} />;
}

export function ForgotPage() {
  const fx = useAuthEffects();
  const auth = useAuthActors();
  // A blocked passcode's "Reset password" comes here with the account's address (issue 22).
  const { email } = useSearch({ strict: false }) as { email?: unknown };
  const actorRef = useActorRef(
    forgotMachine.provide({ actors: { requestReset: auth.requestReset }, actions: forgotActions(fx) }),
  );
  useEffect(() => {
    if (typeof email === 'string' && email !== '') actorRef.send({ type: 'email.changed', value: email });
  }, [actorRef, email]);
  return <ForgotScreen actorRef={actorRef} />;
}

export function ResetPage() {
  const fx = useAuthEffects();
  const auth = useAuthActors();
  const { code } = useParams({ strict: false }) as { code?: string };
  const actorRef = useActorRef(
    resetMachine.provide({ actors: { confirmReset: auth.confirmReset }, actions: resetActions(fx) }),
    {
      input: { code: code ?? '' },
    },
  );
  return <ResetScreen actorRef={actorRef} />;
}
