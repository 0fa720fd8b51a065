/**
 * Finding English left in a Spanish text: the server's member texts (test/server/memberTexts.test.ts)
 * and what the app shows in Spanish (test/e2e/languages.test.ts).
 */

/**
 * Common English words that are not Spanish words too (so "no", "me", "he", "has", "once",
 * "editor", "error", "roles", "trivia" are left out), and the product's own English words: one of them in a Spanish text is
 * English left behind. "pips" is the brand, in both languages.
 */
const ENGLISH: ReadonlySet<string> = new Set(
  `the and of to for with your you yours is are was were been be being have had this that these those it its on in at by from or
  will can cannot not please open opens chance win wins won winner winners draw drawn drawing code codes verification verify
  verified account password reset link expires expired expire minutes member members took part nobody qualified there here
  congratulations check yourself contest contests question questions day today try again later too many attempts invalid new
  sign log out email send sent ask asked hello hi if did do does an what who when where which how all any some yes our we they
  them their my she his her him one two three more most less only just now right time first next last off over under about
  into than then so but because while would should could must may might shall get got make made take earn earned earning
  points redeem reward rewards prize prizes announcement announcements team teams questionnaire survey form forms scan scanned
  adjustment pending request service unavailable found allowed large format session permission already enough stock
  limit reached started ended provider available answered answer answers choose enter invitation invite invited run runs owner
  viewer community role content changes creates reads everything gives accept address ignore message stays same
  hopefully someone works expect expected welcome demo everything here trade them before date hoodie
  brave swift clever lucky bright calm bold jolly quiet happy sunny mighty gentle curious witty fox otter falcon tiger heron
  lynx dolphin badger robin wolf bear owl hare seal`
    .split(/\s+/)
    .filter(Boolean),
);

/** The English words of a Spanish text, links and the given proper names set aside. */
export function englishWordsIn(text: string, names: readonly string[] = []): string[] {
  let rest = text.replace(/\b\w+:\/\/\S+/g, ' ');
  for (const name of names) rest = rest.split(name).join(' ');
  return (rest.toLowerCase().match(/\p{L}+/gu) ?? []).filter((word) => ENGLISH.has(word));
}
