import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useServices } from '../../../shell/pane-api.js';
import { imageSource } from '../columns.js';
import type { ImageRow } from '../schema.js';

/** How many thumbnails one row of the grid holds, read from where they were laid out. */
function perRow(list: HTMLElement | null): number {
  const items = list ? (Array.from(list.children) as HTMLElement[]) : [];
  if (items.length === 0) return 1;
  const top = items[0].offsetTop;
  return Math.max(1, items.filter((item) => item.offsetTop === top).length);
}

/**
 * The thumbnails of a page as a grid of buttons with one tab stop: the arrow keys, Home and End move the
 * cursor (which the pane keeps in its state), Enter or a click opens the image full size.
 */
export function Gallery(props: { rows: ImageRow[]; cursor: number; focused: boolean; imageToken: string | null; onCursor(index: number): void; onOpen(index: number): void }) {
  const { t } = useServices();
  const list = useRef<HTMLUListElement>(null);
  const { rows, cursor } = props;
  const wantFocus = useRef(false);

  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    list.current?.querySelector<HTMLButtonElement>(`[data-index="${cursor}"]`)?.focus();
  }, [cursor]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const width = perRow(list.current);
    const moves: Record<string, number> = { ArrowRight: cursor + 1, ArrowLeft: cursor - 1, ArrowDown: cursor + width, ArrowUp: cursor - width, Home: 0, End: rows.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const clamped = Math.min(rows.length - 1, Math.max(0, next));
    if (clamped === cursor) return;
    wantFocus.current = true;
    props.onCursor(clamped);
  };

  return (
    <ul ref={list} className="images-gallery" aria-label={t('images.gallery.label')} onKeyDown={onKeyDown}>
      {rows.map((row, index) => {
        const name = row.imageDescription || row.imagePath;
        return (
          <li key={row.imageId}>
            <button
              type="button"
              data-index={index}
              className={index === cursor ? 'images-thumb images-thumb-current' : 'images-thumb'}
              tabIndex={index === cursor ? 0 : -1}
              aria-current={index === cursor ? 'true' : undefined}
              onFocus={() => index !== cursor && props.onCursor(index)}
              onClick={() => props.onOpen(index)}
            >
              <img src={imageSource(row.imageId, 'small', props.imageToken)} alt="" loading="lazy" />
              <span className="images-thumb-caption">
                <span className="images-thumb-name">{name}</span>
                {row.referenceName ? <span className="images-thumb-ref">{row.referenceName}</span> : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
