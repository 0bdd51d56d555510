import { successToast } from '../../core/errors.js';
import type { Services } from '../pane-api.js';

/** Copies text and says so; without clipboard access (insecure origin) the text stays selectable. */
export async function copyText(text: string, toast: Services['toast']): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(successToast('shell.copied'));
  } catch {
    toast({ titleKey: 'shell.notice', messageKey: 'shell.copyFailed', variant: 'warning', autoHideMs: 5000, append: true });
  }
}
