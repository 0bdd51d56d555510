import { useServices } from '../../../shell/pane-api.js';
import type { ImageTag } from '../schema.js';

/** The tag filter: one toggle chip per tag; images with any chosen tag are shown. */
export function TagChips(props: { tags: ImageTag[]; chosen: number[]; onChange(tags: number[]): void }) {
  const { t } = useServices();
  if (props.tags.length === 0) return null;
  const toggle = (id: number) => props.onChange(props.chosen.includes(id) ? props.chosen.filter((tag) => tag !== id) : [...props.chosen, id]);
  return (
    <fieldset className="images-chips">
      <legend>{t('images.filter.tags')}</legend>
      {props.tags.map((tag) => (
        <button key={tag.tagId} type="button" className="images-chip" aria-pressed={props.chosen.includes(tag.tagId)} onClick={() => toggle(tag.tagId)}>
          {tag.tagName}
        </button>
      ))}
    </fieldset>
  );
}
