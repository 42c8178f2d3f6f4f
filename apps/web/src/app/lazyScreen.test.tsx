import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../i18n/i18n';
import { CHUNK_TIMEOUT_MS, LazyScreen } from './lazyScreen';

function Loaded() {
  return <p>loaded screen</p>;
}

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  // React reports every error an error boundary catches; here the errors are the point of the test.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a lazily loaded screen', () => {
  it('waits 120 seconds for its chunk and then offers a retry that loads it again', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValue({ default: Loaded });
    render(
      <I18nextProvider i18n={i18n}>
        <LazyScreen load={load} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('alert')).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('alert').textContent).toContain(
      'This page could not be loaded. Check your connection and try again.',
    );

    await act(async () => {
      screen.getByRole('button', { name: 'Retry' }).click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('loaded screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the load error at once when the import fails', async () => {
    const load = vi.fn<() => Promise<{ default: typeof Loaded }>>().mockRejectedValue(new Error('chunk 404'));
    render(
      <I18nextProvider i18n={i18n}>
        <LazyScreen load={load} />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
