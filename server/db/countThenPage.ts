import type { SelectQueryBuilder } from 'kysely';

/** A page of a list and how many rows the whole list has (the API's `count`). */
export interface CountedPage<Row> {
  count: number;
  rows: Row[];
}

/**
 * One page of a list by page number: the list's rows counted, then page `page` of `pageSize`
 * read. `pageRows` is given the list already limited to the page (Kysely writes LIMIT and OFFSET
 * after ORDER BY whatever the order of the calls) and adds its columns and order, or uses it as a
 * subquery of the page's ids. Lists walked from either end or by cursor use server/db/pageWindow.ts.
 */
export async function countThenPage<DB, TB extends keyof DB, O, Row>(
  list: SelectQueryBuilder<DB, TB, O>,
  page: number,
  pageSize: number,
  pageRows: (page: SelectQueryBuilder<DB, TB, O>) => Promise<Row[]>,
): Promise<CountedPage<Row>> {
  const counted = await list
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    // Kysely cannot work the row's type out for a list of any table.
    .$castTo<{ n: number | string }>()
    .executeTakeFirst();
  const rows = await pageRows(list.limit(pageSize).offset((page - 1) * pageSize));
  return { count: Number(counted?.n ?? 0), rows };
}
