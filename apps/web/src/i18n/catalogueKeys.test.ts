import path from 'node:path';
import { keysMissingFrom } from '@kestrel/i18n/source-keys';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from './i18n';

describe('the user app catalogue', () => {
  it("holds every key the user app names, none of them only in the back office's or the server's texts", async () => {
    await initI18n('en-US');
    const catalogue = i18n.getResourceBundle('en-US', 'translation') as object;
    expect(keysMissingFrom(catalogue, path.resolve(__dirname, '..'))).toEqual([]);
  });
});
