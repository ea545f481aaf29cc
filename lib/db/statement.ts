// A fixed read statement: SQL text written out whole where it is declared (never put together at
// run time: every value is a parameter), with a name, and the types of its parameters and of its
// rows. The hot reads are statements of this kind over the read views (docs/database.md, "Reads and writes");
// their row types come from the views' blocks in schema.prisma, so the generated client types them.
import type { Prisma } from "./generated/client";
import type { SqlRunner } from "./client";

export type ReadStatement<Params extends readonly unknown[], Row> = {
  /** Names the prepared statement on a server connection (parsed once per connection); unique. */
  readonly name: string;
  readonly text: string;
  /** Types only: never set. */
  readonly types?: { params: Params; row: Row };
};

// One text per name: a server connection refuses a second text under a prepared statement's name.
const declared = new Map<string, string>();

/** Declares a read statement; `text` is a string literal, `$1`… its parameters in the order of `Params`. */
export const readStatement = <Params extends readonly unknown[], Row>(name: string, text: string): ReadStatement<Params, Row> => {
  const earlier = declared.get(name);
  if (earlier !== undefined && earlier !== text) throw new Error(`Two read statements are named ${name}.`);
  declared.set(name, text);
  return { name, text };
};

/**
 * A view's row with its JSON columns given the type of the document they hold (a Prisma `Json`
 * column is typed as any JSON value). Naming a column the view lacks is a type error.
 */
export type WithDocuments<View, Documents extends { [Column in keyof View]?: unknown }> = Omit<View, keyof Documents> & Documents;

/** The rows of `statement` through a SQL runner (the process's, or a test's). */
export const readWith = <Params extends readonly unknown[], Row>(runner: SqlRunner, statement: ReadStatement<Params, Row>, params: Params): Promise<Row[]> =>
  runner.query<Row>(statement.text, [...params], { name: statement.name });

/**
 * The rows of `statement` inside a write's transaction, where the SQL runner cannot go: the same
 * text through Prisma's raw query (its `Unsafe` is about text built from values; this text is fixed).
 */
export const readIn = <Params extends readonly unknown[], Row>(tx: Prisma.TransactionClient, statement: ReadStatement<Params, Row>, params: Params): Promise<Row[]> =>
  tx.$queryRawUnsafe<Row[]>(statement.text, ...params);
