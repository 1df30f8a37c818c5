import { attemptsWarning, toPasscodeError } from '../../machines/shared/passcode';
import { pincodeHeader } from '../../src/api/passcode';
import { ApiError } from '../../src/api/errors';

describe('passcode errors as data (spec §8)', () => {
  it('maps the gateway codes', () => {
    expect(toPasscodeError(new ApiError(400, 'B2C_USM0031', 'Wrong pin code'))).toEqual({ kind: 'wrong' });
    expect(toPasscodeError(new ApiError(429, 'B2C_USM0030', 'wait', undefined, 300))).toEqual({
      kind: 'wait',
      seconds: 300,
    });
    expect(toPasscodeError(new ApiError(403, 'B2C_USM0032', 'blocked'))).toEqual({ kind: 'blocked' });
    expect(toPasscodeError(new ApiError(500, 'HTTP_500', 'Boom'))).toEqual({
      kind: 'server',
      code: 'HTTP_500',
      message: 'Boom',
    });
  });

  it('a wrong code carries the tries left when the gateway sends them (interface 4)', () => {
    expect(toPasscodeError(new ApiError(403, 'B2C_USM0031', 'Incorrect passcode', undefined, undefined, 2))).toEqual({
      kind: 'wrong',
      attemptsLeft: 2,
    });
    expect(toPasscodeError({ code: 'B2C_USM0031', attemptsLeft: 0 })).toEqual({ kind: 'wrong', attemptsLeft: 0 });
    expect(toPasscodeError({ code: 'B2C_USM0031', attemptsLeft: 'many' })).toEqual({ kind: 'wrong' });
    expect(toPasscodeError({ code: 'B2C_USM0031', attemptsLeft: -1 })).toEqual({ kind: 'wrong' });
  });

  it('warns only once two or fewer tries are left, and only with a count', () => {
    expect([4, 3, 2, 1, 0].map((n) => attemptsWarning({ kind: 'wrong', attemptsLeft: n }))).toEqual([
      null,
      null,
      2,
      1,
      null,
    ]);
    expect(attemptsWarning({ kind: 'wrong' })).toBeNull();
    expect(attemptsWarning({ kind: 'wait', seconds: 60 })).toBeNull();
    expect(attemptsWarning(null)).toBeNull();
  });

  it('a wait without seconds still locks (60 s), fractions round up', () => {
    expect(toPasscodeError({ code: 'B2C_USM0030' })).toEqual({ kind: 'wait', seconds: 60 });
    expect(toPasscodeError({ code: 'B2C_USM0030', waitSeconds: 1.2 })).toEqual({ kind: 'wait', seconds: 2 });
  });

  it('anything else is a server error with whatever message it had', () => {
    expect(toPasscodeError(new TypeError('Failed to fetch'))).toEqual({
      kind: 'server',
      code: 'UNKNOWN',
      message: 'Failed to fetch',
    });
    expect(toPasscodeError(null)).toEqual({ kind: 'server', code: 'UNKNOWN', message: '' });
  });
});

describe('pincode header (spec §6/§7)', () => {
  it('is omitted when empty', () => {
    expect(pincodeHeader('')).toEqual({});
    expect(pincodeHeader(null)).toEqual({});
    expect(pincodeHeader('1234')).toEqual({ pincode: '1234' });
  });
});
