import type { PaneProps } from '../pane-api.js';
import { RefusedPane } from './RefusedPane.js';

export default function NotFoundPane(props: PaneProps) {
  return <RefusedPane {...props} titleKey="error.page.notFound.title" messageKey="error.page.notFound.message" />;
}
