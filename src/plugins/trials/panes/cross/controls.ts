/**
 * The open comparison panes' "compare" action by pane key, so that the command (key, palette, the pane's
 * button) runs the comparison of the pane it is run in, with that pane's choices. Registered while shown.
 */
const controls = new Map<string, () => void>();

export function registerCompare(paneKey: string, compare: () => void): () => void {
  controls.set(paneKey, compare);
  return () => {
    if (controls.get(paneKey) === compare) controls.delete(paneKey);
  };
}

export function compareIn(paneKey: string): (() => void) | undefined {
  return controls.get(paneKey);
}
