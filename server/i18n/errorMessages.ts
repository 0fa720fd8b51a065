import type { ErrorCode } from '../errors';
import { contentLanguage } from './localized';

/**
 * The message of every error code in Spanish, for members whose app asks in Spanish
 * (Accept-Language). The app shows its own text for a code; these are what a member reads when
 * the message itself reaches them (a notification, another client). English callers and the
 * operator API keep the English messages, which may name a field.
 */
export const SPANISH_ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'La solicitud no es válida.',
  UNAUTHORIZED: 'Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.',
  FORBIDDEN: 'No tienes permiso para hacer esto.',
  NOT_FOUND: 'No se encontró lo que buscas.',
  METHOD_NOT_ALLOWED: 'Esta operación no está permitida.',
  PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande.',
  UNSUPPORTED_MEDIA_TYPE: 'El formato de la solicitud no es compatible.',
  RATE_LIMITED: 'Demasiados intentos. Vuelve a intentarlo más tarde.',
  INVALID_CREDENTIALS: 'El correo o la contraseña no son correctos.',
  ACCOUNT_NOT_VERIFIED: 'Primero verifica tu cuenta con el código que te enviamos por correo.',
  ACCOUNT_SUSPENDED: 'Tu cuenta está suspendida: puedes ver tus pips y tu historial, pero no ganar ni canjear. Pide ayuda a tu comunidad.',
  EMAIL_TAKEN: 'Ya existe una cuenta con este correo.',
  COMMUNITY_NOT_FOUND: 'No encontramos esta comunidad.',
  INVALID_TOKEN: 'El enlace no es válido o ha caducado.',
  INVALID_CODE: 'El código no es correcto. Vuelve a intentarlo.',
  CODE_EXPIRED: 'El código ha caducado. Pide uno nuevo.',
  CODE_ATTEMPTS_EXCEEDED: 'Demasiados códigos incorrectos. Pide uno nuevo.',
  ALREADY_VERIFIED: 'Tu cuenta ya está verificada.',
  INVALID_REFRESH_TOKEN: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  REFRESH_TOKEN_REUSED: 'Tu sesión se cerró por seguridad. Inicia sesión de nuevo.',
  INCORRECT_PASSWORD: 'La contraseña actual no es correcta.',
  PASSWORD_UNCHANGED: 'La contraseña nueva debe ser distinta de la actual.',
  WEAK_PASSWORD: 'La contraseña es demasiado débil.',
  INVALID_EMAIL: 'El correo no es válido.',
  UNDERAGE_WITHOUT_CONSENT: 'Para menores hace falta el consentimiento de madre, padre o tutor.',
  INVALID_DAY_OF_BIRTH: 'La fecha de nacimiento no es válida.',
  INVALID_PUSH_SUBSCRIPTION: 'No se pudo activar las notificaciones en este navegador.',
  TERMS_NOT_ACCEPTED: 'Debes aceptar los términos para continuar.',
  EMAIL_NOT_FOUND: 'No hay ninguna cuenta con este correo.',
  CHALLENGE_NOT_ACTIVE: 'No hay ningún sorteo de Oportunidad de ganar en este momento.',
  NO_AVAILABLE_QUESTIONS: 'No quedan preguntas por responder.',
  INSUFFICIENT_PIPS: 'No tienes pips suficientes.',
  OUT_OF_STOCK: 'Esta recompensa está agotada.',
  REDEMPTION_LIMIT_REACHED: 'Ya canjeaste esta recompensa las veces permitidas.',
  ALREADY_EARNED: 'Ya ganaste estos pips.',
  ALREADY_EARNED_TODAY: 'Ya ganaste estos pips hoy. Vuelve mañana.',
  ALREADY_ANSWERED: 'Ya respondiste esta pregunta.',
  QR_CODE_EXPIRED: 'Este código QR ya no es válido.',
  QR_CODE_NOT_YET_VALID: 'Este código QR todavía no es válido.',
  QR_CODE_EXHAUSTED: 'Este código QR ya se usó todas las veces permitidas.',
  IDEMPOTENCY_KEY_REUSED: 'Esta solicitud ya se envió con otros datos.',
  IN_USE: 'No se puede borrar porque está en uso.',
  ALREADY_DRAWN: 'Este sorteo ya se realizó.',
  QUESTION_NOT_SERVED: 'Esta pregunta no te fue asignada.',
  CONTEST_NOT_STARTED: 'El concurso todavía no ha empezado.',
  CONTEST_ENDED: 'El concurso ya terminó.',
  PASSWORD_CONFIRMATION_REQUIRED: 'Confirma tu contraseña para continuar.',
  PROVIDER_NOT_CONFIGURED: 'Este método de inicio de sesión no está disponible.',
  NOT_IMPLEMENTED: 'Esta función no está disponible.',
  SERVICE_UNAVAILABLE: 'El servicio no está disponible en este momento. Vuelve a intentarlo.',
  INTERNAL_ERROR: 'Se produjo un error interno.',
};

/** The request's parts as a validation message names them (server/plugins/app/errorHandler.ts). */
const SPANISH_PARTS: Record<string, string> = { query: 'la consulta', body: 'el cuerpo', path: 'la ruta', header: 'las cabeceras', request: 'la solicitud' };
/** The same, after "de" ("de el" is "del"). */
const ofPart = (part: string) => SPANISH_PARTS[part].replace(/^el /, 'del ').replace(/^(la|las) /, 'de $1 ');

/** What is wrong with a field, for the rules the English message says in its own words. */
const SPANISH_RULES: Array<[RegExp, (match: RegExpMatchArray) => string]> = [
  [/^is required$/, () => 'es obligatorio'],
  [/^is not an allowed field$/, () => 'no es un campo permitido'],
  [/^has an invalid format$/, () => 'tiene un formato no válido'],
  [/^must be at least (-?[\d.]+)$/, (m) => `debe ser como mínimo ${m[1]}`],
  [/^must be at most (-?[\d.]+)$/, (m) => `debe ser como máximo ${m[1]}`],
  [/^must not be (.+)$/, (m) => `no puede ser ${m[1]}`],
  [/^must NOT have more than (\d+) characters$/, (m) => `admite como máximo ${m[1]} caracteres`],
  [/^must NOT have fewer than (\d+) characters$/, (m) => `necesita al menos ${m[1]} caracteres`],
  [/^must be (integer|number)$/, () => 'debe ser un número'],
  [/^must be boolean$/, () => 'debe ser verdadero o falso'],
  [/^must be string$/, () => 'debe ser un texto'],
  [/^must be equal to one of the allowed values$/, () => 'no es uno de los valores permitidos'],
];

/**
 * A validation failure in Spanish, naming the field as the English one does ("email (query): is
 * required" becomes "El campo «email» de la consulta es obligatorio."); a rule without its own
 * words says the field is not valid, a whole part says which to check. Never the value sent.
 */
export function spanishValidationMessage(message: string): string {
  const named = /^(.+) \((query|body|path|header)\): (.+)$/.exec(message);
  const whole = named ? null : /^(query|body|path|header|request): (.+)$/.exec(message);
  const rule = named?.[3] ?? whole?.[2];
  if (rule === undefined) return SPANISH_ERROR_MESSAGES.VALIDATION_ERROR;
  const found = SPANISH_RULES.map(([pattern, say]) => {
    const match = pattern.exec(rule);
    return match && say(match);
  }).find((said) => said);
  if (named) return `El campo «${named[1]}» ${ofPart(named[2])} ${found ?? 'no es válido'}.`;
  return `La solicitud no es válida: revisa ${SPANISH_PARTS[whole![1]]}.`;
}

/**
 * The message a failure is sent with: in Spanish for a member's request (not the operator API)
 * that prefers Spanish, as it was otherwise. A validation failure keeps the field it names.
 */
export function memberErrorMessage(code: string, message: string, request: { url: string; headers: { 'accept-language'?: string | string[] } }): string {
  if (request.url.startsWith('/admin')) return message;
  if (contentLanguage(request.headers['accept-language']) !== 'es') return message;
  if (code === 'VALIDATION_ERROR') return spanishValidationMessage(message);
  return (SPANISH_ERROR_MESSAGES as Record<string, string>)[code] ?? message;
}
