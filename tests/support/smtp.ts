import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers, blank line, body (quoted-printable soft breaks undone). */
  raw: string;
}

export interface Inbox {
  port: number;
  messages: ReceivedMail[];
  /** How many connections it accepted so far (a test can see that none was tried). */
  readonly connections: number;
  /** The first message (from now on or already here) that matches, or a timeout error. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and a random port, keeping what it receives. Plain text
 * only (no STARTTLS), so a client with secure: false talks to it as to a relay on loopback.
 * With `auth`, it accepts only that user name and password.
 */
export async function startSmtp(auth?: { user: string; password: string }): Promise<Inbox> {
  const messages: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; done(m: ReceivedMail): void }[] = [];
  let connections = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !auth,
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(a, _session, callback) {
      if (auth && a.username === auth.user && a.password === auth.password) return callback(null, { user: a.username });
      return callback(new Error('Invalid user name or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='),
        };
        messages.push(mail);
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.done(mail);
          }
        }
        callback();
      });
    },
  });
  const port = await new Promise<number>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      ok(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    messages,
    get connections() {
      return connections;
    },
    waitFor(match, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`no matching mail within ${timeoutMs} ms; got ${messages.length}`)), timeoutMs);
        waiters.push({
          match,
          done: (m) => {
            clearTimeout(timer);
            ok(m);
          },
        });
      });
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The token a lost-password mail carries ("Your token: ABCD-EFGH-..."). */
export function tokenIn(mail: ReceivedMail): string {
  const m = /Your token: ([A-Z2-7-]+)/.exec(mail.raw);
  if (!m?.[1]) throw new Error(`no token in the mail:\n${mail.raw}`);
  return m[1];
}
