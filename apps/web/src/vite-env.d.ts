/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; empty or unset means the same origin as the app. */
  readonly VITE_API_BASE?: string;
  /** The public origin used in shared links (invitation links); defaults to the page's own origin. */
  readonly VITE_PUBLIC_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The web app's version from package.json, injected by Vite's `define`. */
declare const __APP_VERSION__: string;
