/** The home screen banners (decision 0040). */
export { BannersRepository } from './banners.repository';
export { bannerAdminRoutes, bannerRoutes } from './banners.routes';
export { BannersService } from './banners.service';
