/**
 * The shell's own modals (changelog, session token, feedback, …). Commands ask for one through
 * ShellRuntime.openModal; ShellModals loads its chunk on first use. One at a time, as native modal
 * dialogs stack badly and a second one would hide the first.
 */
export type ShellModalRequest =
  | { kind: 'session-token' }
  | { kind: 'feedback' }
  /** since: the version the reader saw last; null = every release (opened by hand). */
  | { kind: 'changelog'; since: string | null }
  | { kind: 'chart-colours' }
  | { kind: 'register'; mode: 'new' | 'existing' }
  | { kind: 'cookie-consent' };

export type ShellModalKind = ShellModalRequest['kind'];

/** What every shell modal component receives. */
export interface ShellModalProps<R extends ShellModalRequest = ShellModalRequest> {
  request: R;
  onClose(): void;
}
