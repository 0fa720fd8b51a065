/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; empty means the same origin (the reference server serves the PWA). */
  readonly VITE_API_URL?: string;
  /** Site of the rewards program, linked from the footer logo. */
  readonly VITE_PROGRAM_URL?: string;
}
