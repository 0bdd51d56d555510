/** The trials plugin's pane types. */
export const PANE = {
  traits: 'trials:traits',
  trait: 'trials:trait',
  create: 'trials:create',
  cross: 'trials:cross',
} as const;
