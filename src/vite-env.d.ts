/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  /** Base URL of the API; empty means the same origin (the reference server serves the PWA). */
  readonly VITE_API_URL?: string;
  /** Site of the rewards program, linked from the footer logo. */
  readonly VITE_PROGRAM_URL?: string;
  /** Set by the production build: the member's catalog comes in per-chunk parts (build/catalogParts.ts). */
  readonly PIPS_CATALOG_PARTS?: boolean;
  /** The web manifest's app name at build (vite.config.ts). */
  readonly PIPS_MANIFEST_NAME?: string;
}

/** Tabler icons imported one file per icon (the package's barrel holds thousands). */
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  const Icon: import('@tabler/icons-react').Icon;
  export default Icon;
}

/** Swagger UI's self-contained bundle (its own React inside), for the /api-docs viewer. */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  const SwaggerUIBundle: (options: Record<string, unknown> & { domNode: HTMLElement }) => unknown;
  export default SwaggerUIBundle;
}
