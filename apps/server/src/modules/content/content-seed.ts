import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ARTICLE_KINDS, type ArticleKind } from '@kestrel/contract';
import { LOCALES, type Locale } from '@kestrel/i18n';
import { SERVER_ROOT } from '../../server-root';
import type { ContentRepository } from './content.repository';

/**
 * The starting set of the help centre (decision 0053), as files beside the code: categories.json, articles.json
 * and `<slug>/<locale>.md` ("# Title", a blank line, the Markdown body). The server's folder is shipped whole, so
 * the same path serves under tsx and from dist/ (server-root.ts).
 */
export const CONTENT_SEED_DIR = path.join(SERVER_ROOT, 'src', 'modules', 'content', 'seed');

type SeedCategory = { slug: string; position: number; names: Record<string, string> };
type SeedArticle = { slug: string; kind: ArticleKind; category: string | null; position: number };

export type SeedReport = { categories: number; articles: number; translations: number };

async function readJson<T>(file: string): Promise<T[]> {
  if (!existsSync(file)) return [];
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file} is not a list`);
  return parsed as T[];
}

/** "# Title\n\nbody" → its title and body; undefined when the file does not start with a title. */
export function parseSeedArticle(text: string): { title: string; body: string } | undefined {
  const normalised = text.replace(/\r\n/g, '\n').replace(/^\uFEFF/, '');
  const match = /^# (.+)\n/.exec(normalised);
  if (!match?.[1]) return undefined;
  const body = normalised.slice(match[0].length).trim();
  const title = match[1].trim();
  return title && body ? { title, body } : undefined;
}

/**
 * Writes, published, every category, article and translation of the seed files that was never seeded before, and
 * records it, so that an operator's later edit or deletion is neither overwritten nor brought back. Runs under an
 * advisory lock in one transaction: nodes starting together seed once. A missing folder seeds nothing.
 */
export async function seedContent(
  repository: ContentRepository,
  dir: string = CONTENT_SEED_DIR,
): Promise<SeedReport> {
  const report: SeedReport = { categories: 0, articles: 0, translations: 0 };
  if (!existsSync(dir)) return report;
  const categories = await readJson<SeedCategory>(path.join(dir, 'categories.json'));
  const articles = await readJson<SeedArticle>(path.join(dir, 'articles.json'));
  const texts = new Map<string, { locale: Locale; title: string; body: string }[]>();
  for (const article of articles) {
    const folder = path.join(dir, article.slug);
    if (!existsSync(folder)) continue;
    const files = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort();
    const list = [];
    for (const name of files) {
      const locale = name.slice(0, -'.md'.length) as Locale;
      if (!LOCALES.includes(locale)) continue;
      const parsed = parseSeedArticle(await readFile(path.join(folder, name), 'utf8'));
      if (parsed) list.push({ locale, ...parsed });
    }
    texts.set(article.slug, list);
  }

  await repository.transaction(async (tx) => {
    await tx.lockSeeding();
    const seeded = await tx.seededKeys();
    const written: string[] = [];
    for (const category of categories) {
      const key = `category:${category.slug}`;
      if (seeded.has(key)) continue;
      const names = Object.fromEntries(
        Object.entries(category.names).filter(([locale]) => LOCALES.includes(locale as Locale)),
      );
      if (!names['en-US']) continue;
      if (await tx.insertCategory({ slug: category.slug, names, position: category.position }))
        report.categories++;
      written.push(key);
    }
    for (const article of articles) {
      if (!ARTICLE_KINDS.includes(article.kind)) continue;
      const key = `article:${article.slug}`;
      let row = await tx.findArticleBySlug(article.slug);
      if (!seeded.has(key)) {
        if (!row) {
          const category = article.category ? await tx.findCategoryBySlug(article.category) : undefined;
          if ((article.kind === 'help') !== Boolean(category)) continue;
          row = await tx.insertArticle({
            slug: article.slug,
            kind: article.kind,
            categoryId: category?.id ?? null,
            position: article.position,
          });
          if (row) report.articles++;
        }
        written.push(key);
      }
      // Deleted by an operator after it was seeded: its translations are not brought back either.
      if (!row) continue;
      for (const text of texts.get(article.slug) ?? []) {
        const textKey = `translation:${article.slug}:${text.locale}`;
        if (seeded.has(textKey)) continue;
        if (!(await tx.findTranslation(row.id, text.locale))) {
          await tx.insertTranslationIfMissing({
            articleId: row.id,
            locale: text.locale,
            title: text.title,
            body: text.body,
            status: 'published',
            publishedAt: new Date(),
          });
          report.translations++;
        }
        written.push(textKey);
      }
    }
    await tx.recordSeeded(written);
  });
  return report;
}
