import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './IconButton.module.css';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  children: ReactNode;
};

/** A button that is only an icon, named for screen readers and by its tooltip. */
export function IconButton({ label, children, className, type = 'button', ...rest }: Props) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={label}
      className={[styles.iconButton, className ?? ''].filter(Boolean).join(' ')}
    >
      {children}
    </button>
  );
}
