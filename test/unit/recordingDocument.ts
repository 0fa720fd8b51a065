/**
 * A fake document for the cookies the app writes for the server (the language, the signed-in
 * flag): its `cookie` reads as given and its setter records each write, attributes included.
 */
export function recordingDocument(protocol: string, cookie = '') {
  const written: string[] = [];
  return {
    written,
    doc: {
      location: { protocol },
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        written.push(value);
      },
    } as unknown as Document,
  };
}
