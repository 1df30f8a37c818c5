import { getTableColumns, sql, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A row a raw statement returned (a function's result, a CTE's RETURNING), mapped by the table's own
 * columns as drizzle's selects map theirs: bigint ids to numbers, numeric amounts to bigint,
 * timestamps to Date, whichever driver runs. A mapper per table, built once.
 */
export function rowMapper<T extends Table>(table: T): (raw: Record<string, unknown>) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
}

/**
 * A row-typed OUT parameter of a function (`OUT w withdrawals`) read column by column as `"w.col"`,
 * so two such rows come back in one result row without their names colliding; `map` reads them back
 * with the table's own mappers. A row left unset by the function maps to undefined.
 */
export function outRow<T extends Table>(table: T, param: string) {
  const names = Object.values(getTableColumns(table)).map((c) => c.name);
  const mapper = rowMapper(table);
  // The names are the schema's own identifiers, never request values.
  const select = sql.raw(names.map((n) => `(r.${param})."${n}" as "${param}.${n}"`).join(', '));
  return {
    select,
    map(raw: Record<string, unknown>): InferSelectModel<T> | undefined {
      const own: Record<string, unknown> = {};
      for (const n of names) own[n] = raw[`${param}.${n}`];
      return own[names[0]!] === null || own[names[0]!] === undefined ? undefined : mapper(own);
    },
  };
}
