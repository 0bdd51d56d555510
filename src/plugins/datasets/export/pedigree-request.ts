/** The pedigree export page's choices, as its fields hold them. */
export interface PedigreeOptions {
  includeAttributes: boolean;
  /** Only the marked germplasm and their relatives (Germinate's yIds). */
  markedOnly: boolean;
  /** Generations up and down, 1…5, or empty for the server's defaults. */
  levelsUp: string;
  levelsDown: string;
}

const level = (text: string): number | null => {
  const n = Number(text);
  return text.trim() === '' || !Number.isInteger(n) ? null : Math.min(5, Math.max(1, n));
};

/** Germinate's PedigreeRequest for the chosen datasets and options. */
export function pedigreeRequest(datasetIds: readonly number[], options: PedigreeOptions, marked: readonly number[]) {
  const selected = options.markedOnly && marked.length > 0;
  return {
    datasetIds: [...datasetIds],
    yIds: selected ? [...marked] : null,
    yGroupIds: null,
    levelsUp: selected ? level(options.levelsUp) : null,
    levelsDown: selected ? level(options.levelsDown) : null,
    includeAttributes: options.includeAttributes,
  };
}
