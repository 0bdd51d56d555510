import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './Button.js';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'title'> {
  icon: ReactNode;
  /** The accessible name, shown beside the icon unless `labelHidden`, and in the tooltip. */
  label: string;
  /** The key that runs the same command, as displayed (e.g. "Alt+Shift+←"); shown in the tooltip. */
  keys?: string;
  /** Icon only (the label stays the accessible name and the tooltip). Containers may hide labels too. */
  labelHidden?: boolean;
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
}

/**
 * An icon with its label. The label is the button's text (so it is its accessible name even when
 * hidden for lack of room), and a tooltip on hover and on keyboard focus repeats it with the key: a
 * symbol alone tells nobody what it does.
 */
export function IconButton({ icon, label, keys, labelHidden, variant = 'ghost', size = 'sm', className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, `ui-icon-button${labelHidden ? ' ui-label-hidden' : ''}${className ? ` ${className}` : ''}`)}
      {...rest}
    >
      <span className="ui-button-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="ui-icon-button-label">{label}</span>
      <span className="ui-tooltip" aria-hidden="true">
        {keys ? `${label} (${keys})` : label}
      </span>
    </button>
  );
}
