import type { PaneProps } from '../pane-api.js';
import { RefusedPane } from './RefusedPane.js';

export default function ForbiddenPane(props: PaneProps) {
  return <RefusedPane {...props} titleKey="error.page.forbidden.title" messageKey="error.page.forbidden.message" />;
}
