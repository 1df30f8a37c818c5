export {
  WalletProtectionPage,
  PasscodeSetPage,
  PasscodeChangePage,
  PasscodeDisablePage,
  PasscodeRecoveryPage,
} from './pages';
export { faceIdStore } from './faceIdStore';
export { protectionRoutes } from './wiring';
