/** The shared dataset request bodies live in core's server part, since climate reads them too. */
export { DatasetRequest, IdList, listOrNull, Subset } from '../../server/http/dataset-request.js';
