/**
 * The SQL shapes every set of counting triggers shares (server/content/counters.ts,
 * server/content/chapterCounts.ts, server/stats/statsTriggers.ts): what a migration runs to make
 * them and to take them away again.
 */

export type TriggerEvent = 'insert' | 'delete' | 'update';

/** SQLite: the statements that drop the triggers `create` makes. */
export function dropSqliteTriggers(create: readonly string[]): string[] {
  return create.map((statement) => `drop trigger if exists ${/create trigger (\w+)/.exec(statement)?.[1] ?? ''}`);
}

/**
 * PostgreSQL: a trigger function running `body`. `set search_path from current`: the tables are
 * the migration's schema's, whatever the caller's path.
 */
export function plpgsqlTriggerFunction(name: string, body: string): string {
  return `create or replace function ${name}() returns trigger language plpgsql set search_path from current as $$
     begin
       ${body}
       return null;
     end $$`;
}

/** PostgreSQL: a statement-level trigger over the transition tables `new_rows` and `old_rows`, calling `fnName()`. */
export function statementTrigger(name: string, event: TriggerEvent, table: string, fnName = name): string {
  const rows = event === 'insert' ? 'new table as new_rows' : event === 'delete' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';
  return `create trigger ${name} after ${event} on ${table} referencing ${rows} for each statement execute function ${fnName}()`;
}

/** PostgreSQL: the statements that drop the triggers `triggers` makes (each names its table). */
export function dropPostgresTriggers(triggers: readonly string[]): string[] {
  return triggers.map((statement) => {
    const [, name, table] = /create trigger (\w+) after \w+ on (\w+)/.exec(statement) ?? [];
    return `drop trigger if exists ${name ?? ''} on ${table ?? ''}`;
  });
}
