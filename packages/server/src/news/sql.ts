// News and alert queries: the newest row of each table is the current one.
import { sql } from 'drizzle-orm';
import { queryOne, type Queryable } from '../db/client';

export const findLastNews = (db: Queryable) =>
  queryOne<{ html: string }>(db, sql`select html from news order by id desc limit 1`);

export const findLastAlert = (db: Queryable) =>
  queryOne<{ enable: boolean; html: string }>(
    db,
    sql`select enable, html from alerts order by id desc limit 1`,
  );
