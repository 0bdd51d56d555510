/**
 * What the grid commands ask of an open grid pane: each pane registers its controller under its pane key
 * (as the tables do), and a command acts on the focused pane's.
 */
export interface GridController {
  /** Moves the cursor by rows and columns (clamped at the edges). */
  move(rows: number, columns: number): void;
  /** A screenful of rows up (-1) or down (1). */
  page(direction: 1 | -1): void;
  /** The first or last column of the cursor's row. */
  rowEdge(end: boolean): void;
  /** The first or last cell of the grid. */
  corner(end: boolean): void;
  /** The cursor row's germplasm id, or null while it is unknown. */
  cursorGermplasm(): number | null;
  toggleTable(): void;
  reverseSort(): void;
  /** Puts the keyboard on a control of the pane (sort, group, map, trials dataset or trait choice) or on the cells. */
  focus(target: 'sort' | 'group' | 'map' | 'trials' | 'trait' | 'cells'): void;
}

const controllers = new Map<string, GridController>();

export function registerGrid(paneKey: string, controller: GridController): () => void {
  controllers.set(paneKey, controller);
  return () => {
    if (controllers.get(paneKey) === controller) controllers.delete(paneKey);
  };
}

export function gridController(paneKey: string): GridController | undefined {
  return controllers.get(paneKey);
}
