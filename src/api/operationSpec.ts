/**
 * Where an operation's non-path parameters travel. No operation mixes locations: path
 * parameters come from the `{name}` parts of the path, everything else goes to one place.
 */
export type ParamsLocation = 'none' | 'query' | 'form' | 'json';

/**
 * - `required`: the auth token is sent; a 401/403 triggers one refresh and one retry.
 * - `optional`: sent when there is one (tokenize); refresh and retry only when it was sent.
 * - `none`: never sent, never refreshed (login, refresh, the other public calls).
 */
export type AuthMode = 'required' | 'optional' | 'none';

/** How one operation travels (the table is generated from openapi.yaml: ./operations.generated.ts). */
export interface OperationSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params: ParamsLocation;
  auth: AuthMode;
  /** false when the answer is a bare JSON document (or bytes) instead of the envelope. */
  enveloped?: false;
  /** Input fields that carry the auth token itself (`x-token-fields`); refreshed along with the header on retry. */
  tokenFields?: readonly string[];
}
