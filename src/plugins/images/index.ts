import type { ClientPlugin, CommandContext, CommandSpec } from '../../core/contracts.js';
import { and, paneFocused, roleAtLeast } from '../../core/when.js';
import { PANE, readImagesState, type ImagesState } from './columns.js';
import { exportImages } from './export-client.js';

export { PANE };

const inImages = paneFocused(PANE.images);
const curatorInImages = and(inImages, roleAtLeast('DATA_CURATOR'));

/**
 * Changes the images pane's state: the focused one, else the images pane opened in place of the focused
 * pane. Every action of the pane goes through its state, so the palette, the keys and the buttons agree
 * and the URL says what is shown.
 */
function update(context: CommandContext, change: (state: ImagesState) => ImagesState): void {
  const instance = context.workspace.instance();
  const pane = instance?.type === PANE.images ? instance : { type: PANE.images, params: {} };
  const state = change(readImagesState(pane.state));
  context.workspace.open({ ...pane, state: { ...state } }, 'replace');
}

const step = (by: number) => (state: ImagesState): ImagesState => {
  const cursor = (state.cursor ?? 0) + by;
  const page = state.page ?? 1;
  // Past the page's ends: the neighbouring page (the pane clamps the cursor to the rows it gets).
  if (cursor < 0) return page > 1 ? { ...state, page: page - 1, cursor: Number.MAX_SAFE_INTEGER } : { ...state, cursor: 0 };
  return { ...state, cursor };
};

const commands: CommandSpec[] = [
  { id: 'images:open', titleKey: 'images.command.open', run: (_args, context) => context.workspace.open({ type: PANE.images, params: {} }, 'replace') },
  {
    id: 'images:toggle-view',
    titleKey: 'images.command.toggleView',
    keys: ['Alt+KeyV'],
    when: inImages,
    run: (_args, context) => update(context, (s) => ({ ...s, view: s.view === 'table' ? 'gallery' : 'table', viewer: undefined })),
  },
  { id: 'images:show-all', titleKey: 'images.command.showAll', run: (_args, context) => update(context, (s) => ({ ...s, ref: undefined, tags: [], page: 1, cursor: 0 })) },
  { id: 'images:show-germplasm', titleKey: 'images.command.showGermplasm', run: (_args, context) => update(context, (s) => ({ ...s, ref: 'germinatebase', page: 1, cursor: 0 })) },
  { id: 'images:show-traits', titleKey: 'images.command.showTraits', run: (_args, context) => update(context, (s) => ({ ...s, ref: 'phenotypes', page: 1, cursor: 0 })) },
  { id: 'images:open-viewer', titleKey: 'images.command.openViewer', when: inImages, run: (_args, context) => update(context, (s) => ({ ...s, view: 'gallery', viewer: true })) },
  { id: 'images:close-viewer', titleKey: 'images.command.closeViewer', when: inImages, run: (_args, context) => update(context, (s) => ({ ...s, viewer: undefined })) },
  { id: 'images:next', titleKey: 'images.command.next', when: inImages, run: (_args, context) => update(context, step(1)) },
  { id: 'images:previous', titleKey: 'images.command.previous', when: inImages, run: (_args, context) => update(context, step(-1)) },
  { id: 'images:edit-tags', titleKey: 'images.command.editTags', when: curatorInImages, run: (_args, context) => update(context, (s) => ({ ...s, view: 'gallery', dialog: 'tags' })) },
  { id: 'images:edit', titleKey: 'images.command.edit', when: curatorInImages, run: (_args, context) => update(context, (s) => ({ ...s, view: 'gallery', dialog: 'edit' })) },
  { id: 'images:delete', titleKey: 'images.command.delete', when: curatorInImages, run: (_args, context) => update(context, (s) => ({ ...s, view: 'gallery', dialog: 'delete' })) },
  {
    id: 'images:export',
    titleKey: 'images.command.export',
    run: (_args, context) => {
      const instance = context.workspace.instance();
      return exportImages(context, readImagesState(instance?.type === PANE.images ? instance.state : undefined));
    },
  },
  {
    // Images arrive through the images template (a zip of images.xlsx and the files): the upload pane, preset to it.
    id: 'images:upload',
    titleKey: 'images.command.upload',
    when: roleAtLeast('DATA_CURATOR'),
    run: (_args, context) => context.workspace.open({ type: 'import:data-upload-type', params: { templateType: 'images' } }, 'replace'),
  },
];

/** The images client plugin: the gallery and table of images (`/images`). */
export const imagesPlugin: ClientPlugin = {
  id: 'images',
  contributes: {
    panes: [
      {
        id: PANE.images,
        route: '/images',
        pageName: 'images',
        titleKey: 'images.pane.title',
        load: () => import('./panes/images.js'),
      },
    ],
    commands,
  },
};

export default imagesPlugin;
