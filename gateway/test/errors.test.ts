import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, fieldOf, registerErrorHandling } from '../src/http/errors.js';
import { createTestApp, type TestApp } from './support/app.js';
import { createFakeIdp } from './support/fakeIdp.js';
import { buildApp } from '../src/app.js';
import { initDataFor, json, nextTelegramId } from './support/flows.js';

describe('error handler', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('secret detail at /srv/app.ts:12');
    });
    app.get('/api-error', async () => {
      throw new ApiError(418, 'TEAPOT', 'short and stout', 'spout');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('hides unexpected errors behind 500 INTERNAL_ERROR', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Something went wrong' });
    expect(res.body).not.toContain('secret');
  });

  it('passes ApiError through with its field', async () => {
    const res = await app.inject({ method: 'GET', url: '/api-error' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ code: 'TEAPOT', message: 'short and stout', field: 'spout' });
  });

  it('names nested, missing and extra fields', () => {
    expect(fieldOf({ instancePath: '/user/id' })).toBe('user.id');
    expect(fieldOf({ instancePath: '/user', params: { requiredProperties: ['id'] } })).toBe('user.id');
    expect(fieldOf({ instancePath: '', params: { missingProperty: 'email' } })).toBe('email');
    expect(fieldOf({ instancePath: '', params: { additionalProperties: ['x'] } })).toBe('x');
    expect(fieldOf({ instancePath: '' })).toBeUndefined();
  });
});

describe('Telegram sign-in when something unexpected breaks', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = await createTestApp({ idp: 'fake' });
    await base.app.close();
    // Same database and config, but an IdP whose session issue fails.
    const app = await buildApp({
      config: base.config,
      database: base.database,
      createIdp: async (o) => ({
        ...(await createFakeIdp(o)),
        issueSession: async () => {
          throw new Error('signing key unavailable');
        },
      }),
    });
    t = {
      ...base,
      app,
      close: async () => {
        await app.close();
        await base.database.close();
      },
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers with B2C_USM0027 and no internals', async () => {
    const res = await json(t, 'POST', '/b2c-user-management/auth/tg', {
      initData: await initDataFor(t, { id: nextTelegramId() }),
    });
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('B2C_USM0027');
    expect(JSON.stringify(res.body)).not.toContain('signing key');
  });
});
