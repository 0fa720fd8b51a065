import { bundleServerScripts, SERVER_BUNDLE_ENV } from '../../../scripts/bundle-server.mjs';
import { makeDataTemplate, TEMPLATE_ENV } from './serverProcess';

/**
 * The e2e project's global setup: the server's scripts compiled once (scripts/bundle-server.mjs;
 * unless `npm test` has made them for the whole run), for every journey's product and CLI to run
 * from, and one migrated PGlite folder for every journey's product to start from a copy of
 * (`reserveProduct`), made before the test files run and removed after. The test processes
 * inherit the variables naming them.
 */
export default async function setup(): Promise<() => void> {
  const bundle = process.env[SERVER_BUNDLE_ENV] ? undefined : await bundleServerScripts();
  if (bundle) process.env[SERVER_BUNDLE_ENV] = bundle.dir;
  const template = await makeDataTemplate();
  process.env[TEMPLATE_ENV] = template.dir;
  return () => {
    delete process.env[TEMPLATE_ENV];
    template.remove();
    if (bundle) {
      delete process.env[SERVER_BUNDLE_ENV];
      bundle.remove();
    }
  };
}
