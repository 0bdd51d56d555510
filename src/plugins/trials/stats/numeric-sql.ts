/** The numeric reading of stored values lives in core's server part (climate statistics use it too). */
export { numericSql } from '../../../server/stats/numeric-sql.js';
