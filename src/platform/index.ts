/** The host the app runs in (web or the messenger): src/main.tsx detects it and hands it to createServices. */
export type {
  Biometrics,
  BiometryStatus,
  DeviceFeatures,
  HapticKind,
  HostTheme,
  MainButtonView,
  NativeControls,
  NativeQrScanner,
  Platform,
  ShareOutcome,
  StartPlatform,
  WriteAccess,
} from './types';
