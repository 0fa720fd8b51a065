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
