import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';

/** The two engines; every difference between them lives in server/db/. */
export type Engine = 'sqlite' | 'postgres';

/** An auto-numbered integer primary key: AUTOINCREMENT on SQLite, an identity column on PostgreSQL. */
export function withIdColumn<T extends string>(table: CreateTableBuilder<T>, engine: Engine): CreateTableBuilder<T, 'id'> {
  return table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) =>
    engine === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity(),
  );
}

/** The engine a connection or transaction talks to (the search query differs: FTS5 or tsvector). */
export function engineOf(db: { getExecutor(): { readonly adapter: unknown } }): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
