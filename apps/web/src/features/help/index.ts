/** The help centre, news and the platform's pages, for screens elsewhere (menu entries) to reuse. */
export { ArticlePage } from './ArticlePage';
export { CategoryPage } from './CategoryPage';
export { ABOUT_US_PATH, articlePath, HELP_CENTRE_PATH, INTRODUCTION_PATH } from './paths';
