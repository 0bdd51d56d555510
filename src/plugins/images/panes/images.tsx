import { useEffect, useMemo } from 'react';
import { useHasRole } from '../../../shell/pane-dialog.js';
import { useServices, type PaneProps } from '../../../shell/pane-api.js';
import { runFromButton } from '../../../shell/table/run-command.js';
import { TableView } from '../../../shell/table/TableView.js';
import { Button } from '../../../shell/ui/Button.js';
import { Confirm } from '../../../shell/ui/Confirm.js';
import { Select } from '../../../shell/ui/Field.js';
import { imagesTable, PANE, readImagesState, stateFilters, type ImagesState } from '../columns.js';
import { EditDialog, TagsDialog } from './dialogs.js';
import { Gallery } from './Gallery.js';
import { TagChips } from './TagChips.js';
import { GALLERY_PAGE_SIZE, useImagesPage } from './use-images.js';
import { useImagesStyles } from './styles.js';
import { Viewer } from './Viewer.js';

/**
 * The images pane (`/images`): a gallery of thumbnails (or the images table), filtered by reference type
 * and tags; the full-size viewer; tag editing, editing and deleting for curators; upload through the
 * images template; export as a job. Its state (view, filters, page, cursor, viewer, dialog) is in the URL.
 */
export default function ImagesPane(props: PaneProps) {
  useImagesStyles();
  const services = useServices();
  const { t, api, session } = services;
  const curator = useHasRole('DATA_CURATOR');
  const state = useMemo(() => readImagesState(props.instance.state), [props.instance.state]);
  const { setState } = props;
  const set = (change: Partial<ImagesState>) => setState({ ...props.instance.state, ...state, ...change });
  const images = useImagesPage(state);
  const rows = images.rows;
  const imageToken = session.current()?.imageToken ?? null;
  const page = state.page ?? 1;
  const pages = Math.max(1, Math.ceil(images.count / GALLERY_PAGE_SIZE));
  const cursor = rows && rows.length > 0 ? Math.min(state.cursor ?? 0, rows.length - 1) : 0;
  const current = rows?.[cursor] ?? null;
  const run = (id: string) => runFromButton(services, props.paneKey, PANE.images, id);

  // Past the last image of a page the viewer goes on with the next page's first (commands only move the cursor).
  const overflow = rows !== null && rows.length > 0 && (state.cursor ?? 0) >= rows.length && (state.cursor ?? 0) !== Number.MAX_SAFE_INTEGER;
  useEffect(() => {
    if (!overflow) return;
    if (page < pages) set({ page: page + 1, cursor: 0 });
    else set({ cursor: rows.length - 1 });
  });

  const step = (by: number) => {
    const next = cursor + by;
    if (next >= 0 && rows && next < rows.length) return set({ cursor: next });
    if (next < 0 && page > 1) return set({ page: page - 1, cursor: Number.MAX_SAFE_INTEGER });
    if (rows && next >= rows.length && page < pages) return set({ page: page + 1, cursor: 0 });
  };
  const done = (change: Partial<ImagesState> = {}) => {
    set({ dialog: undefined, ...change });
    images.reload();
  };
  const remove = async () => {
    if (!current) return;
    await api.delete(`image/${current.imageId}`).then(() => done()).catch(() => undefined);
  };

  const start = rows && rows.length > 0 ? (page - 1) * GALLERY_PAGE_SIZE + 1 : 0;
  const shown = t('images.gallery.count', { from: String(start), to: String(start + (rows?.length ?? 0) - Math.min(1, rows?.length ?? 0)), count: String(images.count) });
  const position = t('images.viewer.position', { index: String(start + cursor), count: String(images.count) });
  const tableState = (props.instance.state?.table ?? undefined) as Record<string, unknown> | undefined;

  return (
    <div className="images-pane">
      <div className="images-toolbar" role="toolbar" aria-label={t('images.toolbar.label')}>
        <Button size="sm" aria-pressed={state.view !== 'table'} onClick={() => state.view === 'table' && run('images:toggle-view')}>
          {t('images.view.gallery')}
        </Button>
        <Button size="sm" aria-pressed={state.view === 'table'} onClick={() => state.view !== 'table' && run('images:toggle-view')}>
          {t('images.view.table')}
        </Button>
        <label className="images-type">
          {t('images.filter.type')}{' '}
          <Select value={state.ref ?? ''} onChange={(event) => set({ ref: event.target.value || undefined, tags: [], page: 1, cursor: 0 })}>
            <option value="">{t('images.type.all')}</option>
            <option value="germinatebase">{t('images.type.germplasm')}</option>
            <option value="phenotypes">{t('images.type.traits')}</option>
          </Select>
        </label>
        <Button size="sm" onClick={() => run('images:export')}>
          {t('images.command.export')}
        </Button>
        {curator ? (
          <Button size="sm" onClick={() => run('images:upload')}>
            {t('images.command.upload')}
          </Button>
        ) : null}
      </div>
      <TagChips tags={images.tags} chosen={state.tags ?? []} onChange={(tags) => set({ tags, page: 1, cursor: 0 })} />
      {state.view === 'table' ? (
        <div style={{ flex: 1, minHeight: '20rem' }}>
          <TableView declaration={imagesTable} paneKey={props.paneKey} state={tableState} setState={(table) => set({ table } as Partial<ImagesState>)} fixed={stateFilters(state)} label={t('images.view.table')} />
        </div>
      ) : images.error ? (
        <p role="alert">{t('images.gallery.error')}</p>
      ) : rows === null ? (
        <p aria-busy="true">{t('images.gallery.loading')}</p>
      ) : rows.length === 0 ? (
        <p>{t('images.gallery.empty')}</p>
      ) : (
        <>
          <p className="images-count" aria-live="polite">{shown}</p>
          <Gallery rows={rows} cursor={cursor} focused={props.focused} imageToken={imageToken} onCursor={(index) => set({ cursor: index })} onOpen={(index) => set({ cursor: index, viewer: true })} />
          {pages > 1 ? (
            <nav className="images-pager" aria-label={t('images.pager.label')}>
              <Button size="sm" disabled={page <= 1} onClick={() => set({ page: page - 1, cursor: 0 })}>
                {t('images.pager.previous')}
              </Button>
              <span>{t('images.pager.page', { page: String(page), pages: String(pages) })}</span>
              <Button size="sm" disabled={page >= pages} onClick={() => set({ page: page + 1, cursor: 0 })}>
                {t('images.pager.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
      {state.viewer && current && state.view !== 'table' ? (
        <Viewer row={current} position={position} imageToken={imageToken} curator={curator} onClose={() => set({ viewer: undefined })} onStep={step} onAction={(dialog) => set({ dialog })} />
      ) : null}
      {curator && current && state.dialog === 'tags' ? <TagsDialog row={current} onClose={() => set({ dialog: undefined })} onSaved={() => done()} /> : null}
      {curator && current && state.dialog === 'edit' ? <EditDialog row={current} onClose={() => set({ dialog: undefined })} onSaved={() => done()} /> : null}
      <Confirm
        open={curator && current !== null && state.dialog === 'delete'}
        title={t('images.delete.title')}
        message={t('images.delete.message', { name: current?.imageDescription || current?.imagePath || '' })}
        confirmLabel={t('images.command.delete')}
        cancelLabel={t('images.dialog.cancel')}
        danger
        onConfirm={() => void remove()}
        onClose={() => state.dialog === 'delete' && set({ dialog: undefined })}
      />
    </div>
  );
}
