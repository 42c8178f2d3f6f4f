/** The help centre, platform news and the platform's pages (decision 0053). */

export { ContentRepository } from './content.repository';
export { contentAdminRoutes, contentRoutes } from './content.routes';
export { ContentService } from './content.service';
export { CONTENT_SEED_DIR, seedContent } from './content-seed';
