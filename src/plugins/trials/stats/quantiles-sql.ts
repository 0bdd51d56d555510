/** The quantiles SQL lives in core's server part (climate statistics use it too); trials' modules, tests and bench import it here. */
export { quantileNumbers, quantilesSql, type QuantileRow, type QuantileSource } from '../../../server/stats/quantiles-sql.js';
