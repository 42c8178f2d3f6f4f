import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './Markdown';

afterEach(cleanup);

function renderMarkdown(markdown: string, onNavigate = vi.fn()) {
  const { container } = render(<Markdown markdown={markdown} onNavigate={onNavigate} testId="article" />);
  return { container, onNavigate };
}

describe('Markdown', () => {
  it('renders headings, emphasis and lists', () => {
    const { container } = renderMarkdown('## Deposits\n\nCopy the **address**.\n\n- one\n- two');
    expect(screen.getByRole('heading', { name: 'Deposits' })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('address');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('drops scripts, raw HTML and event attributes', () => {
    const { container } = renderMarkdown(
      'Before\n\n<script>alert(1)</script>\n\n<img src="https://x.test/a.png" onerror="alert(2)">\n\n<b onclick="alert(3)">bold</b> after',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.innerHTML).not.toContain('alert');
    expect(screen.getByTestId('article').textContent).toContain('Before');
  });

  it('drops javascript: and data: links, keeping their text', () => {
    const { container } = renderMarkdown(
      '[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [plain](http://example.com)',
    );
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('click');
    expect(container.innerHTML).not.toContain('javascript');
    expect(container.innerHTML).not.toContain('data:');
  });

  it("shows the server's own pictures, and another address's as its description", () => {
    const { container } = renderMarkdown('![Deposit screen](/api/uploads/a) ![Chart](https://x.test/c.png)');
    const pictures = container.querySelectorAll('img');
    expect([...pictures].map((picture) => picture.getAttribute('src'))).toEqual(['/api/uploads/a']);
    expect(container.textContent).toContain('Chart');
  });

  it('opens https links outside the app and / links inside it', async () => {
    const { onNavigate } = renderMarkdown('[Site](https://example.com) and [Deposit](/assets/deposit)');
    const outside = screen.getByRole('link', { name: 'Site' });
    expect(outside.getAttribute('target')).toBe('_blank');
    expect(outside.getAttribute('rel')).toBe('noopener noreferrer');
    await userEvent.click(screen.getByRole('link', { name: 'Deposit' }));
    expect(onNavigate).toHaveBeenCalledWith('/assets/deposit');
  });
});
