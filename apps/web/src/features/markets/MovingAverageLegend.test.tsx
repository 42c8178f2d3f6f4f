import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, switchLanguage } from '../../i18n/i18n';
import { TestId } from '../../testIds';
import { MovingAverageLegend } from './MovingAverageLegend';

beforeAll(async () => {
  await initI18n('en-US');
});

afterEach(async () => {
  cleanup();
  await switchLanguage('en-US');
});

async function renderIn(locale: 'en-US' | 'ar') {
  await switchLanguage(locale);
  render(
    <I18nextProvider i18n={i18n}>
      <MovingAverageLegend
        periods={[7, 25, 99]}
        values={[95000.5, 94800.25, null]}
        colours={['#f0b90b', '#e052a0', '#7b61ff']}
        tickSize="0.01"
        locale={locale}
      />
    </I18nextProvider>,
  );
  const legend = screen.getByTestId(TestId.marketChartLegend);
  return { legend, items: Array.from(legend.children) as HTMLElement[] };
}

describe('the moving-average legend', () => {
  it('reads left to right in English, one unit per average, label before value', async () => {
    const { legend, items } = await renderIn('en-US');
    expect(legend.getAttribute('dir')).toBe('ltr');
    expect(items.map((item) => item.textContent)).toEqual(['MA795,000.50', 'MA2594,800.25', 'MA99']);
  });

  it('reads right to left in Arabic, each average isolated from its neighbours with its value kept left to right', async () => {
    const { legend, items } = await renderIn('ar');
    expect(legend.getAttribute('dir')).toBe('rtl');
    expect(items).toHaveLength(3);
    for (const item of items) {
      // The unit takes the legend's direction (a <bdi> would resolve its own, to ltr, from its bdi children) and is
      // isolated by CSS, so the digits of one average never join the Arabic label of the next.
      expect(item.tagName).toBe('SPAN');
      expect(item.hasAttribute('dir')).toBe(false);
      const [label, value] = Array.from(item.children) as HTMLElement[];
      expect(label?.textContent).toMatch(/^م\.م /);
      if (value) expect(value.getAttribute('dir')).toBe('ltr');
    }
    expect(items[0]?.textContent).toContain('7');
  });
});
