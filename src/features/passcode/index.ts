export { PasscodeVerifyScreen, type PasscodeVerifyActor } from './PasscodeVerifyScreen';
export { passcodeErrorText, passcodeMessages, formatCountdown } from './messages';
export { PasscodeConfirmScreen, type PasscodeConfirmActor } from './PasscodeConfirmScreen';
