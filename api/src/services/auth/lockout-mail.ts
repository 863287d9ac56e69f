// The e-mail to an account's owner when its logins start being throttled (services/auth/login.ts decides when,
// once per throttle window), in the owner's e-mail language (user_profiles.email_language). The owner learns
// that someone is guessing, from which address, that their usual addresses and devices still work, and what
// to do if it was not them.
import type { LockoutNotice } from './login';

const TEXTS = {
  en: {
    subject: 'Failed sign-in attempts on your Container Tracking Portal account',
    body: (n: LockoutNotice, minutes: number) =>
      [
        `Hello${n.firstName ? ` ${n.firstName}` : ''},`,
        '',
        `There have been ${n.failures} failed attempts to sign in to your account "${n.username}" in the last ` +
          `${minutes} minutes, the latest from the address ${n.address}.`,
        `Sign-ins from that address to your account are paused for up to ${minutes} minutes. You can still sign ` +
          'in from the browsers and addresses you have used before.',
        '',
        'If it was you, nothing needs to be done. If it was not, nobody has got in: consider changing your ' +
          'password, and tell your administrator.',
      ].join('\n'),
  },
  es: {
    subject: 'Intentos fallidos de inicio de sesión en su cuenta del Container Tracking Portal',
    body: (n: LockoutNotice, minutes: number) =>
      [
        `Hola${n.firstName ? ` ${n.firstName}` : ''}:`,
        '',
        `Ha habido ${n.failures} intentos fallidos de iniciar sesión con su cuenta «${n.username}» en los últimos ` +
          `${minutes} minutos, el último desde la dirección ${n.address}.`,
        `Los inicios de sesión en su cuenta desde esa dirección se detienen durante un máximo de ${minutes} ` +
          'minutos. Puede seguir entrando desde los navegadores y direcciones que ya ha usado.',
        '',
        'Si ha sido usted, no tiene que hacer nada. Si no, nadie ha entrado: le recomendamos cambiar su ' +
          'contraseña y avisar a su administrador.',
      ].join('\n'),
  },
} as const;

export function lockoutMail(notice: LockoutNotice, windowSeconds: number) {
  const t = TEXTS[notice.lang];
  return { to: notice.email, subject: t.subject, text: t.body(notice, Math.round(windowSeconds / 60)) };
}
