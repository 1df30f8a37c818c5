import type { Db, Executor } from './client.js';

/**
 * A statement built once per database handle and reused: drizzle's query building was the gateway's
 * largest own cost on the poll path, and on PostgreSQL a named statement is parsed and planned once per
 * pooled connection instead of on every request. Used for the reads every request makes (the bearer
 * check, the account check, the balance poll). A transaction handle gets its own, built for that
 * transaction only, so a caller inside a transaction still reads inside it.
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Executor) => T {
  const built = new WeakMap<object, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db as Db);
      built.set(db, statement);
    }
    return statement;
  };
}
