import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notices, type ShownNotice } from './Notices';

afterEach(cleanup);

const FAILED: ShownNotice = { id: 1, tone: 'negative', message: 'Wrong password' };
const SAVED: ShownNotice = { id: 2, tone: 'positive', message: 'Successfully modified' };

describe('Notices', () => {
  it('announces a failure as an alert and a success as a status', () => {
    render(<Notices notices={[FAILED, SAVED]} onDismiss={() => {}} shownForMs={5000} testId="notice" />);

    expect(screen.getByRole('alert').textContent).toBe('Wrong password');
    expect(screen.getByRole('status').textContent).toBe('Successfully modified');
    expect(screen.getAllByTestId('notice').map((notice) => notice.dataset.tone)).toEqual([
      'negative',
      'positive',
    ]);
  });

  it('offers a close button only when it is given one', async () => {
    const onDismiss = vi.fn();
    const { rerender } = render(<Notices notices={[FAILED]} onDismiss={onDismiss} shownForMs={5000} />);
    expect(screen.queryByRole('button')).toBeNull();

    rerender(
      <Notices
        notices={[FAILED]}
        onDismiss={onDismiss}
        shownForMs={5000}
        dismissButton={{ label: 'Close', icon: 'x' }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledWith(FAILED.id);
  });

  it('dismisses each notice once it has been on screen for its time', () => {
    vi.useFakeTimers();
    try {
      const onDismiss = vi.fn();
      const { rerender } = render(<Notices notices={[FAILED]} onDismiss={onDismiss} shownForMs={2500} />);
      vi.advanceTimersByTime(2000);
      rerender(<Notices notices={[FAILED, SAVED]} onDismiss={onDismiss} shownForMs={2500} />);
      vi.advanceTimersByTime(500);
      expect(onDismiss.mock.calls).toEqual([[FAILED.id]]);
      vi.advanceTimersByTime(2000);
      expect(onDismiss.mock.calls).toEqual([[FAILED.id], [SAVED.id]]);
    } finally {
      vi.useRealTimers();
    }
  });
});
