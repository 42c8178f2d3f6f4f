/** The web app's version (package.json), injected at build time; '0.0.0' where nothing injected it (tests). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';
