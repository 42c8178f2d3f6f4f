import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './Dialog.module.css';
import { IconButton } from './IconButton';

export type DialogProps = {
  /** Defaults to open, for a dialog that is drawn only while it is shown (the back office's). */
  open?: boolean;
  onClose: () => void;
  title: string;
  /** `sheet` rises from the bottom (lists, long text); `dialog` is a centred confirmation or form. */
  variant?: 'sheet' | 'dialog';
  /** Room for a long text or a table (the back office's message bodies). */
  wide?: boolean;
  /** The sheet's close button's name; a sheet without it has none. */
  closeLabel?: string;
  /** A line under the title, in the muted colour. */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons at the foot of the dialog. */
  actions?: ReactNode;
  /** Makes the dialog a form whose actions submit it; it then does not close on a click beside it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  testId?: string;
};

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert, closes on Escape and
 * gives focus back to the opener. Its look follows the density (the back office's is compact).
 */
export function Dialog({
  open = true,
  onClose,
  title,
  variant = 'sheet',
  wide = false,
  closeLabel,
  description,
  children,
  actions,
  onSubmit,
  testId,
}: DialogProps) {
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

  const content = (
    <>
      {variant === 'sheet' ? <div className={styles.grabber} aria-hidden /> : null}
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {variant === 'sheet' && closeLabel ? (
          <IconButton label={closeLabel} onClick={onClose}>
            <X size={20} aria-hidden />
          </IconButton>
        ) : null}
      </header>
      <div className={styles.body}>
        {description ? <p className={styles.description}>{description}</p> : null}
        {children}
      </div>
      {actions ? <footer className={styles.footer}>{actions}</footer> : null}
    </>
  );

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click has its keyboard twin in Escape (onCancel)
    <dialog
      ref={ref}
      className={[styles.modal, styles[variant], wide ? styles.wide : ''].filter(Boolean).join(' ')}
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
        // A click on the backdrop lands on the <dialog> itself, outside its panel; a form keeps what was typed.
        if (event.target === event.currentTarget && !onSubmit) onClose();
      }}
    >
      {open ? (
        onSubmit ? (
          <form className={styles.panel} onSubmit={onSubmit}>
            {content}
          </form>
        ) : (
          <div className={styles.panel}>{content}</div>
        )
      ) : null}
    </dialog>
  );
}
