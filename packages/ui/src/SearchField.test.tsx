import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchField } from './SearchField';

afterEach(cleanup);

describe('SearchField', () => {
  it('is named by its label and reports each change', async () => {
    const onChange = vi.fn();
    render(<SearchField label="Search coin" value="" onChange={onChange} testId="search" />);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search coin' }), 'b');

    expect(onChange).toHaveBeenCalledWith('b');
    expect(screen.getByTestId('search').getAttribute('placeholder')).toBe('Search coin');
  });
});
