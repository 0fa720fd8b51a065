import type { MailMessage } from './mailer';

/** The verification mail: its text holds the code as its only 6-digit number. */
export function verificationMail(to: string, code: string, minutes: number): MailMessage {
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
export function passwordResetMail(to: string, link: string, minutes: number): MailMessage {
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
