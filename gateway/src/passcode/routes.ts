import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/client.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { requireProfile } from '../users/profileRoutes.js';
import { errors } from '../users/schemas.js';
import type { PasscodePeppers } from './pepper.js';
import { changePasscode, disablePasscode, enablePasscode, validatePasscode } from './service.js';

const PinCode = Type.String({ pattern: '^[0-9]{4}$', description: 'Exactly 4 digits' });
const PinCodeHeader = Type.Object({
  pincode: Type.Optional(Type.String({ maxLength: 64, description: 'The current passcode' })),
});
const StatusBody = Type.Object({ pinCodeActive: Type.Boolean() });

const header = (value: string | undefined) => value?.trim() || undefined;

/**
 * Spec §7 passcode calls under /b2c-user-management. Wrong codes answer 403 B2C_USM0031, a wait
 * 429 B2C_USM0030 with `waitSeconds`, a block 403 B2C_USM0032 (see service.ts for the rules).
 */
export const passcodeRoutes: FastifyPluginAsyncTypebox<{
  db: Db;
  authenticate: AuthHook;
  peppers: PasscodePeppers;
}> = async (app, { db, authenticate, peppers }) => {
  const common = { tags: ['passcode'], security: bearer };
  const failures = errors(400, 401, 403, 409, 429);

  app.post(
    '/user/pinCode/enable',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Set a passcode (409 when one is already set)',
        body: Type.Object({ pinCode: PinCode }),
        response: { 200: StatusBody, ...failures },
      },
    },
    async (request) => {
      await requireProfile(db, request.userId);
      await enablePasscode(db, peppers, request.userId, request.body.pinCode);
      return { pinCodeActive: true };
    },
  );

  app.post(
    '/user/pinCode/validate',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Check the passcode in the pincode header',
        headers: PinCodeHeader,
        response: { 200: Type.Object({ valid: Type.Literal(true) }), ...failures },
      },
    },
    async (request) => {
      await validatePasscode(db, peppers, request.userId, header(request.headers.pincode));
      return { valid: true as const };
    },
  );

  app.post(
    '/user/pinCode/change',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Replace the passcode: the old one in the pincode header, the new one in the body',
        headers: PinCodeHeader,
        body: Type.Object({ pinCode: PinCode }),
        response: { 200: StatusBody, ...failures },
      },
    },
    async (request) => {
      await changePasscode(db, peppers, request.userId, header(request.headers.pincode), request.body.pinCode);
      return { pinCodeActive: true };
    },
  );

  app.post(
    '/user/pinCode/disable',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Remove the passcode (the current one in the pincode header)',
        headers: PinCodeHeader,
        response: { 200: StatusBody, ...failures },
      },
    },
    async (request) => {
      await disablePasscode(db, peppers, request.userId, header(request.headers.pincode));
      return { pinCodeActive: false };
    },
  );
};
