/**
 * scrypt at 2^10 instead of 2^14 for every gateway a test starts (config.ts refuses it in production): the
 * same code path and a hash that names its N, at a sixteenth of the work, for the thousands of sign-ups and
 * logins of the suites (users.passwords.test.ts checks the production cost).
 */
export const TEST_PASSWORD_HASH_COST = '10';
