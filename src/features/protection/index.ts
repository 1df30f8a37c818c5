export { WalletProtectionPage, PasscodeSetPage, PasscodeChangePage, PasscodeDisablePage } from './pages';
export { faceIdStore } from './faceIdStore';
export { protectionRoutes } from './wiring';
