import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './Button.module.css';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  /** `lg` is a form's main action; `md` a smaller one beside content. The density (tokens.css) sets the heights. */
  size?: 'md' | 'lg';
  block?: boolean;
  /** Shows a spinner in place of the icon and keeps the button from being pressed again. */
  loading?: boolean;
  icon?: ReactNode;
};

type Look = { variant?: Variant; size?: 'md' | 'lg'; block?: boolean };

/** The button's classes, for a link that must look like a button. */
export function buttonClass({ variant = 'primary', size = 'lg', block = false }: Look = {}): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : ''].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  size = 'lg',
  block = false,
  loading = false,
  icon,
  disabled,
  children,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [buttonClass({ variant, size, block }), className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading ? <Spinner size={18} /> : icon}
      <span>{children}</span>
    </button>
  );
}
