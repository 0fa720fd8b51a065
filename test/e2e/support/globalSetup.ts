import { makeDataTemplate, TEMPLATE_ENV } from './serverProcess';

/**
 * The e2e project's global setup: one migrated PGlite folder for every journey's product to
 * start from a copy of (`reserveProduct`), made before the test files run and removed after.
 * The test processes inherit the variable naming it.
 */
export default async function setup(): Promise<() => void> {
  const template = await makeDataTemplate();
  process.env[TEMPLATE_ENV] = template.dir;
  return () => {
    delete process.env[TEMPLATE_ENV];
    template.remove();
  };
}
