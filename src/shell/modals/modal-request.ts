/**
 * The shell's own modals (changelog, session token, feedback, …). Commands ask for one through
 * ShellRuntime.openModal; ShellModals loads its chunk on first use. One at a time, as native modal
 * dialogs stack badly and a second one would hide the first.
 */
/**
 * What a feedback form may start with, e.g. a request for access naming a dataset (the user reads and may
 * change it before sending). The modal keeps a type only when it is one of its choices.
 */
export interface FeedbackPrefill {
  feedbackType?: string;
  content?: string;
}

/** The prefill of `shell:feedback`'s args, when they carry one (anything else opens an empty form). */
export function feedbackPrefill(args: unknown): FeedbackPrefill | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const { feedbackType, content } = args as Record<string, unknown>;
  const prefill: FeedbackPrefill = {};
  if (typeof feedbackType === 'string') prefill.feedbackType = feedbackType;
  if (typeof content === 'string') prefill.content = content;
  return Object.keys(prefill).length > 0 ? prefill : undefined;
}

export type ShellModalRequest =
  | { kind: 'session-token' }
  | { kind: 'feedback'; prefill?: FeedbackPrefill }
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
