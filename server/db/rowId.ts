/** Row ids are 32-bit integers on PostgreSQL: a larger one names no row, and must never reach a query (a 500). */
export const MAX_ROW_ID = 2_147_483_647;
