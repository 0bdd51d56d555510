import type { ClientPlugin, CommandSpec } from '../../core/contracts.js';
import { clearMarked } from '../../core/marked-items.js';
import { paneFocused } from '../../core/when.js';
import { exportBasket, PANE } from './actions.js';

export { PANE };

const onBasket = paneFocused(PANE.basket);

/** Every action of the basket pane is one of these; its buttons call the same functions. */
const commands: CommandSpec[] = [
  {
    id: 'request-basket:open',
    titleKey: 'requestBasket.command.open',
    run: (_args, context) => context.workspace.open({ type: PANE.basket, params: {} }, 'replace'),
  },
  { id: 'request-basket:export-xlsx', titleKey: 'requestBasket.command.exportXlsx', when: onBasket, run: (_args, context) => exportBasket(context, 'xlsx') },
  { id: 'request-basket:export-csv', titleKey: 'requestBasket.command.exportCsv', when: onBasket, run: (_args, context) => exportBasket(context, 'csv') },
  {
    id: 'request-basket:empty',
    titleKey: 'requestBasket.command.empty',
    when: onBasket,
    run: (_args, context) => {
      clearMarked(context.store.state.markedIds, 'germplasm');
    },
  },
];

/**
 * The request basket: the marked germplasm as a material request, grouped by holding institute with what
 * decides whether each accession can be sent, exported as a request form (xlsx, CSV) for each genebank.
 * Not a Germinate page, so its route is our own.
 */
export const requestBasketPlugin: ClientPlugin = {
  id: 'request-basket',
  contributes: {
    panes: [{ id: PANE.basket, route: '/request-basket', pageName: 'request-basket', titleKey: 'requestBasket.pane.title', load: () => import('./panes/basket.js') }],
    commands,
  },
};

export default requestBasketPlugin;
