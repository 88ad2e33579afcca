import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

/**
 * schema.ts is written by hand; this holds it to the database the migrations make. Both sides
 * become one line per column, `table.column: type` (`| null` when nullable), compared as lists so
 * a disagreement reads as a diff. Types are what the pg driver hands back (see client.ts).
 */

/** PostgreSQL type (pg_type.typname) → the TypeScript type pg returns for it. */
const TS_TYPE_OF: Record<string, string> = {
  text: 'string',
  uuid: 'string',
  tsvector: 'string',
  int2: 'number',
  int4: 'number',
  // client.ts parses int8 as a number.
  int8: 'number',
  bool: 'boolean',
  date: 'Date',
  timestamptz: 'Date',
  jsonb: 'object',
};

/** Kysely's own tables; pg-boss keeps to its own schema. */
const NOT_OURS = new Set(['kysely_migration', 'kysely_migration_lock']);

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

async function columnsInDatabase(): Promise<string[]> {
  // Partitions (events_2026_11…) repeat their parent's columns; the parent is the table.
  const { rows } = await sql<{ table: string; column: string; type: string; nullable: boolean }>`
    SELECT c.relname AS table, a.attname AS column, t.typname AS type, NOT a.attnotnull AS nullable
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    JOIN pg_type t ON t.oid = a.atttypid
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm') AND NOT c.relispartition
    ORDER BY c.relname, a.attname`.execute(testDb.db);
  return rows
    .filter((row) => !NOT_OURS.has(row.table))
    .map((row) => {
      const array = row.type.startsWith('_');
      const element = array ? row.type.slice(1) : row.type;
      const tsType = `${TS_TYPE_OF[element] ?? `(no TS_TYPE_OF entry for ${element})`}${array ? '[]' : ''}`;
      return `${row.table}.${row.column}: ${tsType}${row.nullable ? ' | null' : ''}`;
    });
}

/** The select type of each column of schema.ts's `Database`, read with the TypeScript compiler. */
function columnsInSchemaFile(): string[] {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');
  const program = ts.createProgram([file], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const database = source && checker.getSymbolAtLocation(source);
  const databaseType =
    database && checker.getExportsOfModule(database).find((s) => s.name === 'Database');
  if (!databaseType) throw new Error('schema.ts exports no Database interface');

  /** Adds the kinds of value a select returns for `type` ('null' among them when nullable). */
  const collectKinds = (type: ts.Type, kinds: Set<string>): void => {
    // ColumnType<Select, Insert, Update> (Generated<T> too): Kysely selects `Select`, also
    // inside a union such as `Timestamp | null`.
    const selected = type.getProperty('__select__');
    if (selected) collectKinds(checker.getTypeOfSymbol(selected), kinds);
    else if (type.isUnion()) for (const part of type.types) collectKinds(part, kinds);
    else if (type.flags & ts.TypeFlags.Null) kinds.add('null');
    else if (type.flags & ts.TypeFlags.StringLike) kinds.add('string');
    else if (type.flags & ts.TypeFlags.NumberLike) kinds.add('number');
    else if (type.flags & ts.TypeFlags.BooleanLike) kinds.add('boolean');
    else if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      kinds.add(`${element ? describeType(element) : 'unknown'}[]`);
    } else if (type.getSymbol()?.name === 'Date') kinds.add('Date');
    else kinds.add('object');
  };
  const describeType = (type: ts.Type): string => {
    const kinds = new Set<string>();
    collectKinds(type, kinds);
    const nullable = kinds.delete('null');
    return `${[...kinds].sort().join(' | ')}${nullable ? ' | null' : ''}`;
  };

  const lines: string[] = [];
  for (const table of checker.getDeclaredTypeOfSymbol(databaseType).getProperties()) {
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      lines.push(`${table.name}.${column.name}: ${describeType(checker.getTypeOfSymbol(column))}`);
    }
  }
  return lines.sort();
}

describe('schema.ts', () => {
  it('describes every table and column the migrations create, with their types and nullability', async () => {
    const database = await columnsInDatabase();
    expect(columnsInSchemaFile(), 'schema.ts (expected: what the migrated database has)').toEqual(
      [...database].sort(),
    );
  });
});
