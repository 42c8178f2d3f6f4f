import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectField, TextArea } from './Field';

afterEach(cleanup);

describe('SelectField', () => {
  it('is named by its label and reports the chosen option', async () => {
    const onChange = vi.fn();
    render(
      <SelectField
        label="Coin"
        value="USDT"
        onChange={onChange}
        options={[
          { value: 'USDT', label: 'USDT' },
          { value: 'BTC', label: 'Bitcoin' },
        ]}
        testId="coin"
      />,
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Coin' }), 'Bitcoin');

    expect(onChange).toHaveBeenCalledWith('BTC');
    expect(screen.getByTestId('coin')).toBe(screen.getByRole('combobox'));
  });
});

describe('TextArea', () => {
  it('is named by its label and shows its hint', async () => {
    render(<TextArea label="Reason" hint="Kept in the audit log" />);

    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Asked by the user');

    expect(screen.getByText('Kept in the audit log')).toBeTruthy();
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Asked by the user');
  });
});
