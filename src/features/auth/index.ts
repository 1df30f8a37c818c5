/** The auth route components the router lazy-loads (spec §2), one per path. */
export {
  LoginPage,
  LoginEmailPage,
  SignupPage,
  SignupEmailPage,
  SignupSuccessPage,
  ConfirmPage,
  ForgotPage,
  ForgotSuccessPage,
  ResetPage,
} from './pages';
