import { type } from 'arktype';
import { MAX_INTEGER } from '../../core/table-request.js';
import { checkPaging } from '../../server/table/routes.js';
import { HttpError } from '../../server/http/errors.js';
import { NAME_LIMIT } from './import/groups-sheet.js';

const INVALID = 'BAD_REQUEST_INVALID_PAYLOAD';

/** A JSON int as Java reads it: a whole number within int's range. */
const int = `${-MAX_INTEGER - 1} <= number.integer <= ${MAX_INTEGER}`;

/**
 * Germinate's Groups POJO as a request body (PUT group, PATCH group/{id}). Keys not named here (createdOn,
 * updatedOn, or the table row's keys a client sends back) are ignored; visibility is a JSON boolean, as Gson
 * reads Germinate's Boolean.
 */
export const GroupBody = type({
  'id?': `${int} | null`,
  'grouptypeId?': `${int} | null`,
  'name?': `string <= ${NAME_LIMIT} | null`,
  'description?': 'string <= 65535 | null',
  'visibility?': 'boolean | null',
  'createdBy?': `${int} | null`,
  '+': 'ignore',
});
export type GroupBody = typeof GroupBody.infer;

/** The query of Germinate's plain listings (`GET group`, `GET grouptype`): digits only, as JAX-RS reads ints. */
const ListQuery = type({
  'page?': /^\d{1,10}$/,
  'limit?': /^\d{1,10}$/,
  'prevCount?': /^(-1|\d{1,15})$/,
  '+': 'ignore',
});

export interface ListPaging {
  page: number;
  limit: number;
  /** -1: count the rows; otherwise the client's count from an earlier page, answered as it is. */
  prevCount: number;
}

/** page, limit (at most the server's page size) and prevCount of a listing's query, or a 400. */
export function listPaging(query: unknown, maxPageSize: number): ListPaging {
  const result = ListQuery(query ?? {});
  if (result instanceof type.errors) throw new HttpError(400, INVALID, 'page and limit must be whole numbers ≥ 0, prevCount one ≥ -1');
  const page = Number(result.page ?? 0);
  const prevCount = Number(result.prevCount ?? -1);
  checkPaging(page, prevCount);
  return { page, limit: Math.min(Number(result.limit ?? maxPageSize), maxPageSize), prevCount };
}

export const invalid = (message: string) => new HttpError(400, INVALID, message);
