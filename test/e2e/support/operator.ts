import { runAdminCli, type ProductPlace } from './serverProcess';

/** The first group `pattern` captures in what a command printed; throws, with the output, when it finds none. */
export function printed(output: string, pattern: RegExp): string {
  const found = pattern.exec(output)?.[1];
  if (!found) throw new Error(`no ${pattern} in the output:\n${output}`);
  return found;
}

/** The operator CLI on a place's folder: `admin('community:list')` is `npm run admin -- community:list` there. */
export const operatorCli =
  (place: ProductPlace) =>
  (...args: string[]): Promise<string> =>
    runAdminCli(place, args);

/** Creates a community with the operator CLI (`community:create --name`) and returns its id. */
export async function createCommunity(place: ProductPlace, name: string): Promise<string> {
  return printed(await runAdminCli(place, ['community:create', '--name', name]), /id:\s+(\S+)/);
}
