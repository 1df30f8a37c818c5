import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ScanErrorKind } from '../../../machines/scanner.machine';

/** Spec §8 scanner messages (qr-scanner's own wording). */
export const scanErrorMessages: Record<ScanErrorKind, MessageDescriptor> = {
  noCamera: msg({ id: 'scanner_camera_not_found', message: 'Camera not found.' }),
  unsupportedImage: msg({ id: 'scanner_unsupported_image', message: 'Unsupported image type.' }),
  imageLoad: msg({ id: 'scanner_image_load_error', message: 'Image load error' }),
  noQr: msg({ id: 'scanner_no_qr_code', message: 'No QR code found' }),
};

export const scannerMessages = {
  scanned: msg({ id: 'scanner_address_scanned', message: 'Address scanned' }),
  popupTitle: msg`Scan the QR code of an address`,
};
