import type Nodemailer from 'nodemailer';
import type { SiteSettings, SmtpValues } from './site-settings.js';

export interface Message {
  to: string;
  subject: string;
  text: string;
}

/** Seconds to wait for the SMTP server's connection and greeting before giving up. */
const TIMEOUT_MS = 10_000;

export class MailNotConfigured extends Error {
  constructor() {
    super('SMTP is not configured: set the SMTP server in Settings');
  }
}

/** Who a message is from: the sender address of Settings, else the SMTP user name when it is an address. */
export function senderOf(smtp: SmtpValues): string {
  if (smtp.smtp_from) return smtp.smtp_from;
  if (smtp.smtp_user.includes('@')) return smtp.smtp_user;
  return 'tessera@localhost';
}

/** nodemailer, loaded for the first message: the server holds about 15 MB less until then. */
async function transport(smtp: SmtpValues) {
  const { default: nodemailer }: { default: typeof Nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({
    host: smtp.smtp_host,
    port: smtp.smtp_port || 587,
    // true: TLS from the first byte (port 465); false: STARTTLS when the server offers it.
    secure: smtp.smtp_secure,
    auth: smtp.smtp_user ? { user: smtp.smtp_user, pass: smtp.smtp_password } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS * 3,
  });
}

/**
 * Outgoing mail over nodemailer with the SMTP values of Settings (read when a message is sent,
 * so a change in Settings applies to the next one). A connection per message: mail is rare
 * here (lost passwords, tests), so a pool would only hold sockets open.
 */
export class Mail {
  constructor(private readonly site: SiteSettings) {}

  /** Connects and signs in with the given values without sending anything; throws the server's refusal. */
  async verify(smtp: SmtpValues): Promise<void> {
    if (!smtp.smtp_host) throw new MailNotConfigured();
    const t = await transport(smtp);
    try {
      await t.verify();
    } finally {
      t.close();
    }
  }

  /** Sends one plain-text message with the given values, or the stored ones. */
  async send(message: Message, smtp?: SmtpValues): Promise<void> {
    const values = smtp ?? (await this.site.current());
    if (!values.smtp_host) throw new MailNotConfigured();
    const t = await transport(values);
    try {
      await t.sendMail({ from: senderOf(values), to: message.to, subject: message.subject, text: message.text });
    } finally {
      t.close();
    }
  }
}
