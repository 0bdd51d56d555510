import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** secondary (the default) for most actions; primary for the one action a form or dialog exists for. */
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** A symbol before the label; hidden from screen readers, which read the label. */
  icon?: ReactNode;
}

export function buttonClass(variant: ButtonVariant = 'secondary', size: 'md' | 'sm' = 'md', extra?: string): string {
  return ['ui-button', variant === 'secondary' ? '' : `ui-button-${variant}`, size === 'sm' ? 'ui-button-sm' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

/** A button of the design system. `type` defaults to "button": a submit must say so. */
export function Button({ variant, size, icon, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass(variant, size, className)} {...rest}>
      {icon ? (
        <span className="ui-button-icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </button>
  );
}
