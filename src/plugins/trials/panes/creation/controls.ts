/**
 * The open wizards' step controls by pane key, so that the step commands (keys, palette, the wizard's
 * own buttons) move the wizard they are run in: the wizard checks whether its step is complete, which
 * only it knows. Registered while the wizard is shown.
 */
export interface WizardControl {
  next(): void;
  previous(): void;
}

const controls = new Map<string, WizardControl>();

/** Registers the wizard of a pane; the returned function removes it (only if it is still that wizard's). */
export function registerWizard(paneKey: string, control: WizardControl): () => void {
  controls.set(paneKey, control);
  return () => {
    if (controls.get(paneKey) === control) controls.delete(paneKey);
  };
}

export function wizardControl(paneKey: string): WizardControl | undefined {
  return controls.get(paneKey);
}
