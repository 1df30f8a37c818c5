import { desc, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Adapter in front of the mail provider; the sandbox one is a real table the dev page can read. */
export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db
        .insert(mailOutbox)
        .values({ to: mail.to.toLowerCase(), subject: mail.subject, text: mail.text, links: mail.links });
    },
  };
}

export async function createSmtpMailer(smtpUrl: string, from: string): Promise<Mailer> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

export async function createMailer(config: Config, db: Db): Promise<Mailer> {
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createOutboxMailer(db);
}

export async function listOutbox(db: Db, to?: string, limit = 100) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map((r) => ({
    to: r.to,
    subject: r.subject,
    text: r.text,
    links: r.links,
    createdAt: r.createdAt.toISOString(),
  }));
}
