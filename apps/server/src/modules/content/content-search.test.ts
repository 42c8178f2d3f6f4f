import { describe, expect, it } from 'vitest';
import { excerptOf, MARK_END, MARK_START, plainText, substringSnippet, toSnippet } from './content-search';

describe('plain text of an article', () => {
  it('keeps the words of headings, emphasis, lists and links, and drops their syntax and targets', () => {
    expect(plainText('## Deposits\n\n- Open **Assets**\n1. See [the guide](https://example.com) `now`')).toBe(
      'Deposits Open Assets See the guide now',
    );
  });

  it('shortens a long text at a word for an excerpt', () => {
    const excerpt = excerptOf('word '.repeat(100));
    expect(excerpt.length).toBeLessThanOrEqual(161);
    expect(excerpt.endsWith('word…')).toBe(true);
  });
});

describe('snippets', () => {
  it('turns marks into offsets and shows where the passage was cut', () => {
    const whole = 'Before. Withdrawals take an hour. After.';
    const { snippet, highlights } = toSnippet(`${MARK_START}Withdrawals${MARK_END} take an hour.`, whole);
    expect(snippet).toBe('…Withdrawals take an hour.…');
    expect(highlights.map(([from, to]) => snippet.slice(from, to))).toEqual(['Withdrawals']);
  });

  it('adds no ellipsis where the passage is the whole text but for its last full stop', () => {
    expect(toSnippet(`Deposits are ${MARK_START}open${MARK_END}`, 'Deposits are open.').snippet).toBe(
      'Deposits are open',
    );
  });

  it('marks every substring match in the window around the first', () => {
    const { snippet, highlights } = substringSnippet('提现到钱包需要2到20分钟。钱包地址要正确。', '钱包');
    expect(highlights.map(([from, to]) => snippet.slice(from, to))).toEqual(['钱包', '钱包']);
  });
});
