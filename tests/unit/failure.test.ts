import { describe, expect, it } from 'vitest';
import { failedWith, failureOf, failureOfEvent } from '../../machines/shared/failure';

describe('failureOf', () => {
  it("keeps the server's code and message", () => {
    expect(failureOf({ status: 400, code: 'INVALID_ADDRESS', message: 'Wrong address' })).toEqual({
      code: 'INVALID_ADDRESS',
      message: 'Wrong address',
    });
  });

  it('names a bodiless answer by its status', () => {
    expect(failureOf({ status: 502 })).toEqual({ code: 'HTTP_502', message: '' });
    expect(failureOf({ status: 502, code: '' })).toEqual({ code: 'HTTP_502', message: '' });
  });

  it("uses the flow's code for a status when it has one, the server's code first", () => {
    expect(failureOf({ status: 404 }, { 404: 'NOT_FOUND' })).toEqual({ code: 'NOT_FOUND', message: '' });
    expect(failureOf({ status: 404, code: 'ACCOUNT_NOT_FOUND' }, { 404: 'NOT_FOUND' }).code).toBe('ACCOUNT_NOT_FOUND');
    expect(failureOf({ status: 500 }, { 404: 'NOT_FOUND' }).code).toBe('HTTP_500');
  });

  it('is UNKNOWN for what carries neither code nor status', () => {
    expect(failureOf(new TypeError('Failed to fetch'))).toEqual({ code: 'UNKNOWN', message: 'Failed to fetch' });
    expect(failureOf(null)).toEqual({ code: 'UNKNOWN', message: '' });
    expect(failureOf(undefined)).toEqual({ code: 'UNKNOWN', message: '' });
    expect(failureOf('boom')).toEqual({ code: 'UNKNOWN', message: '' });
    expect(failureOf({ code: 42, message: { text: 'x' } })).toEqual({ code: 'UNKNOWN', message: '' });
  });

  it("reads an actor's error event, and nothing from other events", () => {
    const event = { type: 'xstate.error.actor.withdraw', error: { code: 'PINCODE_REQUIRED', message: 'Passcode' } };
    expect(failureOfEvent(event)).toEqual({ code: 'PINCODE_REQUIRED', message: 'Passcode' });
    expect(failedWith(event)).toBe('PINCODE_REQUIRED');
    expect(failedWith({ type: 'review.confirmed' })).toBe('UNKNOWN');
    expect(failureOfEvent({ type: 'xstate.error.actor.x', error: { status: 404 } }, { 404: 'NOT_FOUND' }).code).toBe(
      'NOT_FOUND',
    );
  });
});
