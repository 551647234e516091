import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a random loopback port (the `smtp-server` package), keeping every message
 * it accepted. `refuseNext(451, 550)` answers the next DATA commands with those statuses, as a
 * mail server refusing a delivery would.
 */
export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = [];
  let refusals: number[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = refusals.shift();
        if (code !== undefined) {
          refused += 1;
          const error = Object.assign(new Error('Caixa indisponível'), { responseCode: code });
          return callback(error);
        }
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refusedCount: () => refused,
    /** The next DATA commands are answered with these statuses, in order. */
    refuseNext(...codes: number[]) {
      refusals = codes;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The parts of a message nodemailer wrote (multipart/alternative, quoted-printable or base64). */
export function parseMail(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const header = (block: string, name: string) =>
    new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(block)?.[1]?.replace(/\r?\n[ \t]/g, ' ');
  const decodeWord = (value: string) =>
    value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    );
  const boundary = /boundary="?([^";\s]+)"?/i.exec(header(head, 'Content-Type') ?? '')?.[1];
  const parts: Record<string, string> = {};
  for (const part of boundary ? body.split(`--${boundary}`) : [`${head}\n\n${body}`]) {
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const type = /^(text\/\w+)/i.exec(header(partHead, 'Content-Type') ?? '')?.[1]?.toLowerCase();
    if (!type) continue;
    const content = partBody.join('\n\n');
    const encoding = (header(partHead, 'Content-Transfer-Encoding') ?? '').toLowerCase();
    parts[type] =
      encoding === 'quoted-printable'
        ? decodeQp(content)
        : encoding === 'base64'
          ? Buffer.from(content, 'base64').toString('utf8')
          : content;
  }
  return {
    subject: decodeWord(header(head, 'Subject') ?? ''),
    from: header(head, 'From') ?? '',
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  };
}

function decodeQp(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/\r\n/g, '\n')
    .split(/(=[0-9A-F]{2})/i)
    .flatMap((piece) =>
      /^=[0-9A-F]{2}$/i.test(piece) ? [Number.parseInt(piece.slice(1), 16)] : [...Buffer.from(piece, 'utf8')],
    );
  return Buffer.from(bytes).toString('utf8');
}
