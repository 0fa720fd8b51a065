/**
 * The app's name (from the web manifest, 'Rewards' by default): the manifest's as fetched,
 * else its name when the app was built (the same file, known before the fetch answers: Welcome's
 * title does not change from 'Rewards' to the name once it has), else 'Rewards'.
 */
export function appNameOf(fetched: string | undefined, built: string | undefined = import.meta.env.PIPS_MANIFEST_NAME): string {
  return fetched || built || 'Rewards';
}
