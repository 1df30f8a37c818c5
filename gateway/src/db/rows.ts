import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

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
