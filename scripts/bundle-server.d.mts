/** Types of scripts/bundle-server.mjs (plain ESM, run by scripts/test.mjs without tsx). */
export declare const SERVER_BUNDLE_ENV: string;
export declare const BUNDLED_SCRIPTS: string[];
export declare function nodeArgsFor(script: string, env?: NodeJS.ProcessEnv): string[];
export declare function bundleServerScripts(): Promise<{ dir: string; remove: () => void }>;
