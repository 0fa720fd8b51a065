import type { MailLanguage } from './language';
import type { MailMessage } from './mailer';

/**
 * The verification mail: its text holds the code as its only 6-digit number. English, or
 * Spanish when the request preferred it (see `mailLanguage`).
 */
export function verificationMail(to: string, code: string, minutes: number, language: MailLanguage = 'en'): MailMessage {
  if (language === 'es') {
    return {
      to,
      subject: 'Tu código de verificación de pips',
      text: [
        'Hola:',
        '',
        `Tu código de verificación es ${code}`,
        '',
        `Escríbelo en la app para verificar tu cuenta. Vence en ${minutes} minutos.`,
        'Si no creaste una cuenta de pips, puedes ignorar este mensaje.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Your pips verification code',
    text: [
      'Hello,',
      '',
      `Your verification code is ${code}`,
      '',
      `Enter it in the app to verify your account. It expires in ${minutes} minutes.`,
      'If you did not create a pips account, you can ignore this message.',
    ].join('\n'),
  };
}

/** The password reset mail with the link `<publicUrl>/reset-password?emailToken=…&email=…`. */
export function passwordResetMail(to: string, link: string, minutes: number, language: MailLanguage = 'en'): MailMessage {
  if (language === 'es') {
    return {
      to,
      subject: 'Restablece tu contraseña de pips',
      text: [
        'Hola:',
        '',
        'Alguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta de pips.',
        'Abre este enlace para elegir una contraseña nueva:',
        '',
        link,
        '',
        `El enlace funciona una sola vez y vence en ${minutes} minutos.`,
        'Si no lo pediste, puedes ignorar este mensaje; tu contraseña no cambia.',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Reset your pips password',
    text: [
      'Hello,',
      '',
      'Someone (hopefully you) asked to reset the password of your pips account.',
      'Open this link to choose a new password:',
      '',
      link,
      '',
      `The link works once and expires in ${minutes} minutes.`,
      'If you did not ask for this, you can ignore this message; your password stays the same.',
    ].join('\n'),
  };
}

/** What a role lets an operator do, in the mail's words. */
const ROLE_WORDS = {
  en: { owner: 'owner (runs everything, gives roles)', editor: 'editor (creates and changes content)', viewer: 'viewer (reads only)' },
  es: { owner: 'propietario (lo gestiona todo y da roles)', editor: 'editor (crea y cambia el contenido)', viewer: 'lector (solo lee)' },
} as const;

/**
 * An operator invitation (issue 46): the link `<publicUrl>/console?invitation=…` into the console,
 * opened signed in with the invited address. The same mail whether or not an account uses the
 * address: it says to sign up with it first when there is none.
 */
export function operatorInvitationMail(
  to: string,
  invitation: { link: string; community: string; role: 'owner' | 'editor' | 'viewer'; days: number },
  language: MailLanguage = 'en',
): MailMessage {
  const { link, community, role, days } = invitation;
  if (language === 'es') {
    return {
      to,
      subject: `Invitación para gestionar ${community} en pips`,
      text: [
        'Hola:',
        '',
        `Te invitaron a gestionar la comunidad "${community}" en pips como ${ROLE_WORDS.es[role]}.`,
        'Para aceptar, abre este enlace con la sesión iniciada con esta dirección de correo:',
        '',
        link,
        '',
        'Si aún no tienes una cuenta de pips con esta dirección, regístrate primero con ella y abre el enlace de nuevo.',
        `La invitación vence en ${days} días. Si no la esperabas, puedes ignorar este mensaje.`,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `Invitation to run ${community} on pips`,
    text: [
      'Hello,',
      '',
      `You are invited to run the community "${community}" on pips as ${ROLE_WORDS.en[role]}.`,
      'To accept, open this link signed in with this e-mail address:',
      '',
      link,
      '',
      'If you have no pips account with this address yet, sign up with it first, then open the link again.',
      `The invitation expires in ${days} days. If you did not expect it, you can ignore this message.`,
    ].join('\n'),
  };
}
