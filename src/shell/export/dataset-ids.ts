/**
 * The dataset ids of an export page's address (`/data/export/<type>/2,5`), for commands that act on the
 * focused page: positive integers, each once, anything else left out (the page itself says what is wrong).
 */
export function datasetIdsOf(params: Record<string, string> | undefined): number[] {
  const text = params?.datasetIds ?? '';
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id > 0 && id <= 2_147_483_647);
  return [...new Set(ids)];
}
