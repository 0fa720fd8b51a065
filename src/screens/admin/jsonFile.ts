/** A chosen file read as JSON: its value, or null when it is not JSON. */
export async function readJson(file: File): Promise<{ ok: true; value: unknown } | { ok: false }> {
  try {
    return { ok: true, value: JSON.parse((await file.text()).replace(/^\uFEFF/, '')) as unknown };
  } catch {
    return { ok: false };
  }
}
