import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog } from './Dialog';

afterEach(cleanup);

describe('Dialog', () => {
  it('shows its title, body and actions while open, and nothing inside while closed', () => {
    const sut = (open: boolean) => (
      <Dialog open={open} onClose={() => {}} title="Networks" actions={<button type="button">Done</button>}>
        <p>TRC20</p>
      </Dialog>
    );
    const { rerender } = render(sut(true));
    expect(screen.getByRole('dialog', { name: 'Networks' })).toBeTruthy();
    expect(screen.getByText('TRC20')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();

    rerender(sut(false));
    expect(screen.queryByText('TRC20')).toBeNull();
  });

  it('closes on Escape and on a click beside its panel', () => {
    const onClose = vi.fn();
    render(<Dialog onClose={onClose} title="Networks" testId="sheet" />);
    const dialog = screen.getByTestId('sheet');

    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(dialog);

    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps a form open on a click beside it, so what was typed is not lost', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Dialog
        variant="dialog"
        onClose={onClose}
        onSubmit={onSubmit}
        title="Freeze"
        testId="form"
        actions={<button type="submit">Save</button>}
      />,
    );

    fireEvent.click(screen.getByTestId('form'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(onClose).not.toHaveBeenCalled();
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('gives a sheet a close button only when it is named', async () => {
    const onClose = vi.fn();
    const { rerender } = render(<Dialog onClose={onClose} title="Language" closeLabel="Close" />);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();

    rerender(<Dialog onClose={onClose} title="Language" />);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('confirms or cancels with the given labels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Delete card"
        body="The card is removed from withdrawals."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        destructive
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );

    expect(screen.getByText('The card is removed from withdrawals.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
