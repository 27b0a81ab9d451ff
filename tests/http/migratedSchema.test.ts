import fs from 'node:fs';
import path from 'node:path';
import { sql, type ColumnMetadata, type TableMetadata } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations';
import { testDatabase, testEngine } from '../support/testDatabase';

/**
 * server/db/schema.ts is written by hand beside the migrations (docs/decisions/039): this file
 * migrates a fresh database (SQLite here, a PostgreSQL schema in the http-pg project), reads
 * back every table and column, and compares them with the table interfaces of `DB`, read from
 * schema.ts by the TypeScript compiler. A new migration is picked up as soon as it is registered
 * in server/db/migrations/index.ts; a file there that is not registered fails the last test.
 */

const SCHEMA_FILE = path.resolve('server/db/schema.ts');
const MIGRATIONS_DIR = path.resolve('server/db/migrations');

/** What a column holds as the services see it: the kind of value, and whether it may be null. */
type ValueKind = 'number' | 'string' | 'boolean' | 'bytes' | `other: ${string}`;

interface DeclaredColumn {
  kind: ValueKind;
  nullable: boolean;
  /** `Generated<…>`: inserts may leave it out, so the database must fill it. */
  generated: boolean;
}

/** `{ table: { column: 'number' | 'string | null' | … } }`, the shape both sides are brought to. */
type Shape = Record<string, Record<string, string>>;

const describeColumn = (kind: ValueKind, nullable: boolean) => (nullable ? `${kind} | null` : kind);

/** Every table of `DB` and its columns, as schema.ts declares them. */
function declaredTables(): Record<string, Record<string, DeclaredColumn>> {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const dbSymbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'DB');
  if (!dbSymbol) throw new Error('server/db/schema.ts exports no DB interface');

  const tables: Record<string, Record<string, DeclaredColumn>> = {};
  for (const table of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(dbSymbol))) {
    const columns: Record<string, DeclaredColumn> = {};
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      let type = checker.getTypeOfSymbol(column);
      // Generated<T> (and any ColumnType<S, I, U>) is an object type whose __select__ is what a row holds.
      const selected = type.getProperty('__select__');
      if (selected) type = checker.getTypeOfSymbol(selected);
      const parts = type.isUnion() ? type.types : [type];
      const values = parts.filter((part) => !(part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
      const all = (flags: ts.TypeFlags) => values.length > 0 && values.every((part) => part.flags & flags);
      const kind: ValueKind = all(ts.TypeFlags.NumberLike)
        ? 'number'
        : all(ts.TypeFlags.StringLike)
          ? 'string'
          : all(ts.TypeFlags.BooleanLike)
            ? 'boolean'
            : checker.typeToString(type) === 'Buffer'
              ? 'bytes'
              : `other: ${checker.typeToString(type)}`;
      columns[column.name] = { kind, nullable: values.length < parts.length, generated: selected !== undefined };
    }
    tables[table.name] = columns;
  }
  return tables;
}

/** The kind of value a declared SQL type reads back as on our two drivers (int8 is parsed to a number, server/db/connection.ts). */
function kindOfSqlType(dataType: string): ValueKind {
  const type = dataType.toLowerCase();
  if (/^(integer|int|int2|int4|int8|smallint|bigint|real|float4|float8|double precision)\b/.test(type)) return 'number';
  if (/^(varchar|character varying|char|character|bpchar|text)\b/.test(type)) return 'string';
  if (/^(bool|boolean)\b/.test(type)) return 'boolean';
  // Both drivers read a blob (SQLite) or bytea (PostgreSQL) back as a Buffer.
  if (/^(blob|bytea)\b/.test(type)) return 'bytes';
  return `other: ${dataType}`;
}

describe(`server/db/schema.ts against the migrated ${testEngine()} database`, async () => {
  const database = await testDatabase();
  const { db } = database;

  /**
   * Full-text index machinery is each engine's own and is reached through raw SQL only, so
   * schema.ts types none of it and it is left out on both sides: on SQLite an FTS5 virtual table
   * and the shadow tables it keeps (columns without types), on PostgreSQL tsvector columns.
   */
  const searchIndex = new Set<string>();
  /**
   * SQLite lets a primary key other than INTEGER PRIMARY KEY hold NULL unless it is declared NOT
   * NULL (a legacy of SQLite's); PostgreSQL makes every primary key NOT NULL. The code never
   * writes a NULL key, so on SQLite too a key column counts as not null.
   */
  const primaryKeys = new Set<string>();
  if (database.engine === 'sqlite') {
    const special = await sql<{ name: string }>`select name from pragma_table_list where schema = 'main' and type in ('virtual', 'shadow')`.execute(db);
    for (const { name } of special.rows) searchIndex.add(name);
    const keys = await sql<{ tbl: string; name: string }>`
      select m.name as tbl, p.name from sqlite_master m, pragma_table_info(m.name) p where m.type = 'table' and p.pk > 0`.execute(db);
    for (const { tbl, name } of keys.rows) primaryKeys.add(`${tbl}.${name}`);
  }

  const tables: TableMetadata[] = (await db.introspection.getTables())
    // PostgreSQL lists the tables of every schema: only this test's own (not another file's).
    .filter((table) => !table.isView && !searchIndex.has(table.name) && (database.engine === 'sqlite' || table.schema === database.schema))
    .map((table) => ({ ...table, columns: table.columns.filter((column) => column.dataType !== 'tsvector') }));
  const declared = Object.fromEntries(Object.entries(declaredTables()).filter(([table]) => !searchIndex.has(table)));
  const nullable = (table: TableMetadata, column: ColumnMetadata) => column.isNullable && !primaryKeys.has(`${table.name}.${column.name}`);

  it('has the same tables, columns, kinds of value and nullability', () => {
    const migrated: Shape = Object.fromEntries(
      tables.map((table) => [
        table.name,
        Object.fromEntries(table.columns.map((column) => [column.name, describeColumn(kindOfSqlType(column.dataType), nullable(table, column))])),
      ]),
    );
    const typed: Shape = Object.fromEntries(
      Object.entries(declared).map(([table, columns]) => [
        table,
        Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, describeColumn(column.kind, column.nullable)])),
      ]),
    );
    expect(typed, 'server/db/schema.ts (+) against the migrated database (-)').toEqual(migrated);
  });

  it('marks every auto-numbered column Generated, and gives every Generated column a default', () => {
    const mismatched: string[] = [];
    for (const table of tables) {
      for (const column of table.columns) {
        const typed = declared[table.name]?.[column.name];
        if (!typed) continue;
        const where = `${table.name}.${column.name}`;
        // An auto-numbered id is never written by the code: it must be Generated to be left out.
        if (column.isAutoIncrementing && !typed.generated) mismatched.push(`${where} is auto-numbered but not Generated<…>`);
        // A Generated column is left out of inserts: the database must have a value for it.
        if (typed.generated && !column.isAutoIncrementing && !column.hasDefaultValue) mismatched.push(`${where} is Generated<…> but has no default`);
      }
    }
    expect(mismatched).toEqual([]);
  });

  it('runs every migration file of server/db/migrations/', () => {
    const files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((file) => /^\d{3}_\w+\.ts$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''));
    expect(Object.keys(migrations(database.engine)).sort()).toEqual(files.sort());
  });
});
