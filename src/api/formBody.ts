/** The media type of every request body except the questionnaire answers. */
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

export const JSON_CONTENT_TYPE = 'application/json';

/**
 * openapi-fetch `bodySerializer` for form bodies: a flat object becomes URLSearchParams.
 * `undefined` and `null` fields are left out, booleans become `true` / `false`, numbers their
 * decimal text and arrays repeat the key. openapi-fetch would otherwise label the body JSON, so
 * callers also send an explicit `Content-Type: application/x-www-form-urlencoded` header.
 */
export function toFormBody(body: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (typeof body !== 'object' || body === null) return params;
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return params;
}
