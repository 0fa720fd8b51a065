/** The success envelope of every JSON response (failures are built by the error handler). */
export interface OkEnvelope<T> {
  status: 'OK';
  success: true;
  data: T;
  error: null;
}

export interface ErrorEnvelope {
  status: 'ERROR';
  success: false;
  data: null;
  error: { code: string; message: string };
  message: string;
}

export function ok<T>(data: T): OkEnvelope<T> {
  return { status: 'OK', success: true, data, error: null };
}

export function failure(code: string, message: string): ErrorEnvelope {
  return { status: 'ERROR', success: false, data: null, error: { code, message }, message };
}
