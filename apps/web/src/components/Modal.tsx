import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './IconButton';
import styles from './Modal.module.css';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** `sheet` rises from the bottom (lists, long text); `dialog` is a centred confirmation. */
  variant?: 'sheet' | 'dialog';
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
};

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert, closes on Escape and
 * gives focus back to the opener.
 */
export function Modal({ open, onClose, title, variant = 'sheet', children, footer, testId }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click has its keyboard twin in Escape (onCancel)
    <dialog
      ref={ref}
      className={[styles.modal, styles[variant]].join(' ')}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={() => {
        if (open) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its panel.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className={styles.panel}>
          {variant === 'sheet' ? <div className={styles.grabber} aria-hidden /> : null}
          <header className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {variant === 'sheet' ? (
              <IconButton label={t('common.close')} onClick={onClose}>
                <X size={20} aria-hidden />
              </IconButton>
            ) : null}
          </header>
          <div className={styles.body}>{children}</div>
          {footer ? <footer className={styles.footer}>{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
