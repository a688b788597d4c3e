import type { PGlite, Results, Transaction } from "@electric-sql/pglite";

/** Query options as they cross to the database thread: `rawTypes` are type ids whose values stay text. */
export interface SentQueryOptions {
  rowMode?: "object" | "array";
  rawTypes?: number[];
  [other: string]: unknown;
}

export function pgliteQueries(pg: PGlite): {
  query<T>(text: string, params?: unknown[], options?: SentQueryOptions): Promise<Results<T>>;
  queryIn<T>(tx: Transaction, text: string, params?: unknown[], options?: SentQueryOptions): Promise<Results<T>>;
  forgetTypes(): void;
};

export function withParsers(options?: SentQueryOptions): Record<string, unknown> | undefined;
