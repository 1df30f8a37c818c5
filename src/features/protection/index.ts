export { WalletProtectionPage, PasscodeSetPage, PasscodeChangePage, PasscodeDisablePage } from './pages';
export { setPasscodeApi } from './live';
export { faceIdStore } from './faceIdStore';
export { protectionRoutes } from './wiring';
