// Every table file under schema/ is re-exported here; drizzle-kit reads the same files.
export * from './users.js';
export * from './idp.js';
export * from './ledger.js';
export * from './wallet.js';
export * from './chain.js';
export * from './passcode.js';
export * from './addressBook.js';
export * from './withdrawals.js';
export * from './swap.js';
export * from './sell.js';
export * from './buy.js';
export * from './security.js';
export * from './jobs.js';
export * from './evm.js';
export * from './abuse.js';
export * from './notifications.js';
export * from './devices.js';
