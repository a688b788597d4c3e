import nodemailer from "nodemailer";

/** Where the studio sends its e-mail (SMTP_* settings); absent when the studio has no mail. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A nodemailer SMTP transport behind the one call the studio needs. */
export function createMailer(smtp: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? "" } : undefined,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail });
    },
  };
}

/** SMTP_HOST turns mail on; the rest have defaults (port 587, STARTTLS, from no-reply@ the host). */
export function smtpSettingsFrom(env: NodeJS.ProcessEnv): SmtpSettings | undefined {
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const port = env.SMTP_PORT ? Number(env.SMTP_PORT) : 587;
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`SMTP_PORT must be a port number, got "${env.SMTP_PORT}"`);
  return {
    host,
    port,
    secure: env.SMTP_SECURE === "true" || (env.SMTP_SECURE === undefined && port === 465),
    user: env.SMTP_USER || undefined,
    pass: env.SMTP_PASS || undefined,
    from: env.MAIL_FROM || `Reelgraph <no-reply@${host}>`,
  };
}
