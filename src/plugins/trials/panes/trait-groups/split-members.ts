/** A group's members against the traits of some datasets: the ones with data there (in the list's order) and the others. */
export interface MemberSplit {
  inData: number[];
  missing: number[];
}

export function splitMembers(memberIds: readonly number[], datasetTraitIds: readonly number[]): MemberSplit {
  const members = new Set(memberIds);
  const present = new Set(datasetTraitIds);
  return { inData: datasetTraitIds.filter((id) => members.has(id)), missing: [...members].filter((id) => !present.has(id)) };
}
