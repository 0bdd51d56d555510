import { useServices } from '../../../shell/pane-api.js';
import { TEMPLATE_TYPES, TEMPLATES, type TemplateType } from '../templates.js';

/**
 * Step 1: the template types as a radio group (arrow keys move between them), each with what it holds,
 * the file types it takes and a link to its blank template.
 */
export function TemplateChooser(props: { name: string; value: TemplateType | null; onChange(type: TemplateType): void }) {
  const { t } = useServices();
  return (
    <fieldset className="import-templates">
      <legend>{t('import.step.template')}</legend>
      <ul className="ui-card-grid">
        {TEMPLATE_TYPES.map((type) => {
          const info = TEMPLATES[type];
          const id = `${props.name}-${type}`;
          return (
            <li key={type} className={props.value === type ? 'ui-card ui-card-chosen' : 'ui-card'}>
              <input
                type="radio"
                id={id}
                name={props.name}
                value={type}
                checked={props.value === type}
                onChange={() => props.onChange(type)}
                aria-describedby={`${id}-description`}
              />
              <label htmlFor={id}>
                <strong>{t(`import.template.${type}.title`)}</strong> <span className="ui-muted">({info.extensions.join(', ')})</span>
              </label>
              <p id={`${id}-description`} className="ui-muted">
                {t(`import.template.${type}.description`)}
              </p>
              {info.blank ? (
                <a href={`./api/import/template/${type}/blank`} download>
                  {t('import.template.blank', { template: t(`import.template.${type}.title`) })}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
