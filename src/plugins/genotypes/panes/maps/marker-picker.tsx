import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useServices } from '../../../../shell/pane-api.js';
import { Button } from '../../../../shell/ui/Button.js';
import { markerNameFilter } from '../markers/palette.js';
import { definitionsOf, type MapDefinitionRow } from './columns.js';
import type { PickedMarker } from './export-form.js';

/** Characters typed before the picker searches (each search is a request). */
export const MIN_TYPED = 3;
const DELAY_MS = 250;
const SHOWN = 10;

/**
 * A marker of one map, found by name as the user types (a combobox: 3 characters or more, arrow keys move
 * through the matches, Enter takes one, Escape closes the list). Only markers on the map are offered: the
 * export measures from a marker's place on it. Once chosen, the marker shows with a button to change it.
 */
export function MarkerPicker(props: { mapId: number; label: string; value: PickedMarker | null; onChange(marker: PickedMarker | null): void }) {
  const { api, t, translator } = useServices();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<PickedMarker[] | null>(null);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const focusInput = useRef(false);
  const query = typed.trim();

  useEffect(() => {
    if (query.length < MIN_TYPED) {
      setOptions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .table<MapDefinitionRow>(
          'map/mapdefinition/table',
          { page: 1, limit: SHOWN, orderBy: 'markerName', ascending: 1, filter: [...definitionsOf('mapId', props.mapId), ...markerNameFilter(query)] },
          { signal: controller.signal },
        )
        .then((result) => {
          setOptions(result.data.map((row) => ({ id: row.markerId, name: row.markerName, chromosome: row.chromosome ?? undefined, position: row.position ?? undefined })));
          setActive(0);
          setOpen(true);
        })
        .catch(() => {
          // Aborted by the next keystroke, or the api client has shown the error.
        });
    }, DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, props.mapId, query]);

  // After "Change", the keyboard goes to the field that replaced the button.
  useEffect(() => {
    if (props.value === null && focusInput.current) {
      focusInput.current = false;
      input.current?.focus();
    }
  }, [props.value]);

  const place = (marker: PickedMarker) =>
    marker.chromosome !== undefined ? t('genotypes.picker.place', { chromosome: marker.chromosome, position: marker.position === undefined ? '' : translator.formatNumber(marker.position) }) : '';
  const choose = (marker: PickedMarker) => {
    setOpen(false);
    setTyped('');
    props.onChange(marker);
  };

  if (props.value) {
    const marker = props.value;
    return (
      <div className="genotypes-picker" role="group" aria-labelledby={`${id}-label`}>
        <span id={`${id}-label`} className="ui-field-label">
          {props.label}
        </span>
        <span className="genotypes-picked">
          <strong>{marker.name}</strong> <span className="ui-muted">{place(marker)}</span>
          <Button
            size="sm"
            aria-label={t('genotypes.picker.change', { label: props.label, marker: marker.name })}
            onClick={() => {
              focusInput.current = true;
              props.onChange(null);
            }}
          >
            {t('genotypes.picker.changeShort')}
          </Button>
        </span>
      </div>
    );
  }

  const shown = open && options !== null;
  const optionId = (index: number) => `${id}-option-${index}`;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options?.length ?? 0;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((n) => (shown ? (n + 1) % count : 0));
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((n) => (n - 1 + count) % count);
    } else if (event.key === 'Enter' && shown && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && shown) {
      // Closes the list only; a second Escape goes to whatever the pane does with it.
      event.stopPropagation();
      setOpen(false);
    }
  };
  let status = t('genotypes.picker.hint', { count: MIN_TYPED });
  if (options !== null) status = options.length === 0 ? t('genotypes.picker.none') : t('genotypes.picker.found', { count: options.length });

  return (
    <div className="genotypes-picker">
      <label htmlFor={`${id}-input`} className="ui-field-label">
        {props.label}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        maxLength={1000}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-activedescendant={shown && options.length > 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-status`}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <span id={`${id}-status`} className="ui-hint" aria-live="polite">
        {status}
      </span>
      <ul id={`${id}-list`} role="listbox" aria-label={props.label} hidden={!shown || options.length === 0}>
        {(options ?? []).map((marker, index) => (
          <li
            key={`${marker.id}-${index}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Chosen before the field's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(marker);
            }}
          >
            {marker.name} <span className="ui-muted">{place(marker)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
