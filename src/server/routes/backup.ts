import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ApiError, errors } from '../core/errors.js';
import { Backup, RestoreError } from '../ops/backup.js';
import { SevenZip, SevenZipError, sevenZipBinary } from '../ops/seven-zip.js';

export const MISSING_FILE = 'Please select the file';
export const MISSING_PASSWORD = 'Please provide the password';
export const RESTORE_FAILED = 'Failed to load restore backup';

const backupBody = {
  $id: 'https://tessera.dev/schemas/api/backup-body.json',
  type: 'object',
  required: ['password'],
  properties: { password: { type: 'string', description: 'Encrypts the archive (AES-256) and its file names.' } },
  additionalProperties: false,
};

/** Documents the multipart form; the handler reads and checks it (a stream has no body to validate). */
const restoreBody = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'The backup.7z to restore.' },
    password: { type: 'string', description: 'The password the backup was made with.' },
    delete: { type: 'string', enum: ['true', 'false', 'on'], description: "'Delete all data first': true or on empties every table before loading." },
  },
  required: ['file', 'password'],
};

/** The answer of a restore that succeeded. */
const restoreAnswer = {
  type: 'object',
  properties: {
    ok: { type: 'boolean', const: true },
    message: { type: 'string' },
    tables: { type: 'integer', description: 'Tables in the backup.' },
    rows: { type: 'integer', description: 'Rows restored.' },
    deleted: { type: 'boolean', description: "Whether 'Delete all data first' emptied every table before loading." },
    warnings: {
      type: 'array',
      items: { type: 'string' },
      description: 'What the restore kept against the backup (it never lowers this instance\'s security) or changed that an administrator should know.',
    },
  },
  required: ['ok', 'message', 'tables', 'rows', 'deleted', 'warnings'],
  additionalProperties: false,
};

/** A password goes to 7-Zip as one line of its stdin: a line break cannot be part of it. */
function checkPassword(password: string | undefined): string {
  if (!password) throw errors.invalid(MISSING_PASSWORD);
  if (/[\r\n\0]/.test(password)) throw errors.invalid('The password cannot contain line breaks');
  return password;
}

/**
 * Where backups are packed and restores unpacked: `backup-work` in the data folder, one
 * folder per request named `<pid>-<process token>-<random>`. In the data folder, not the
 * system's temporary one, so that only this instance's processes work there and leftovers
 * can be told apart. The token tells this process from an earlier one that had its pid (a
 * container's server gets the same pid at every start).
 */
export function backupWorkDir(dataDir: string): string {
  return join(dataDir, 'backup-work');
}

const PROCESS_TOKEN = randomBytes(6).toString('hex');

async function privateDir(base: string): Promise<string> {
  await mkdir(base, { recursive: true, mode: 0o700 });
  // mkdtemp makes the folder 0700: the data and the archive are readable by this user only.
  return mkdtemp(join(base, `${process.pid}-${PROCESS_TOKEN}-`));
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders of processes that are gone. A process killed in mid-restore (or one
 * that crashed, as a line too long once made it) leaves its upload and everything it
 * unpacked, as large as the free space allowed; a folder of a process still running may be
 * a restore under way and stays.
 */
async function purgeLeftovers(base: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(base);
  } catch {
    return; // no folder yet
  }
  for (const name of names) {
    const m = /^([0-9]{1,10})-([0-9a-f]{12})-/.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    const gone = pid === process.pid ? m[2] !== PROCESS_TOKEN : !running(pid);
    if (gone) await rm(join(base, name), { recursive: true, force: true });
  }
}

/** Backup and restore of the whole repository (admins only). */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  const zip = new SevenZip(() => sevenZipBinary(join(config.dataDir, '.bin'), config.sevenZip ?? process.env.SEVEN_ZIP));
  const backup = new Backup(app.services, zip);
  const maxBytes = Math.floor(config.restoreMaxMb * 1024 * 1024);
  const work = backupWorkDir(config.dataDir);
  await purgeLeftovers(work);

  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } });

  app.post<{ Body: { password: string } }>(
    '/api/backup/backup',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The whole repository as an encrypted backup.7z',
        body: backupBody,
        produces: ['application/x-7z-compressed'],
      },
    },
    async (req, reply) => {
      const password = checkPassword(req.body.password);
      const dir = await privateDir(work);
      const cleanup = () => void rm(dir, { recursive: true, force: true });
      try {
        const archive = await backup.create(dir, password);
        const { size } = await stat(archive);
        const stream = createReadStream(archive);
        stream.on('close', cleanup);
        reply.raw.on('close', cleanup);
        // The archive is complete before the first byte leaves, so the length is known: the client shows real progress.
        return reply
          .header('content-type', 'application/x-7z-compressed')
          .header('content-disposition', 'attachment; filename="backup.7z"')
          .header('content-length', size)
          .header('cache-control', 'no-store')
          .send(stream);
      } catch (e) {
        cleanup();
        if (e instanceof SevenZipError) throw new ApiError(500, 'BACKUP_FAILED', e.message);
        throw e;
      }
    },
  );

  app.post(
    '/api/backup/restore',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Restores the repository from a backup.7z (multipart form)',
        consumes: ['multipart/form-data'],
        body: restoreBody,
        response: { 200: restoreAnswer },
      },
      // The form arrives as a stream and is checked by the handler; there is no parsed body to validate.
      validatorCompiler: () => () => true,
    },
    async (req) => {
      if (!req.isMultipart()) throw errors.invalid(MISSING_FILE);
      const dir = await privateDir(work);
      try {
        const upload = join(dir, 'upload.7z');
        let fileName = '';
        let size = 0;
        const fields: Record<string, string> = {};
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || fileName) {
                part.file.resume();
                continue;
              }
              await pipeline(part.file, createWriteStream(upload, { mode: 0o600 }));
              size = part.file.bytesRead;
              fileName = part.filename || 'backup.7z';
            } else {
              fields[part.fieldname] = String(part.value);
            }
          }
        } catch (e) {
          const code = (e as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new ApiError(413, 'TOO_LARGE', `The file is larger than the ${config.restoreMaxMb} MiB a restore accepts (RESTORE_MAX_MB)`);
          }
          // A form the parser cannot read (no boundary, cut short, too many parts) is the
          // caller's mistake; a system error (disk full, no access) is ours.
          const status = (e as { statusCode?: number }).statusCode;
          if (e instanceof ApiError || (status !== undefined && status < 500) || /^E[A-Z]+$/.test(code ?? '')) throw e;
          throw errors.invalid(`${MISSING_FILE}: the upload is not a readable multipart form`);
        }
        if (!fileName || size === 0) throw errors.invalid(MISSING_FILE);
        const password = checkPassword(fields.password);
        const deleteFirst = ['true', 'on', '1'].includes((fields.delete ?? '').toLowerCase());
        try {
          const summary = await backup.restore(upload, dir, password, deleteFirst);
          req.log.info({ by: req.user?.user, ...summary }, 'repository restored');
          if (summary.warnings.length) req.log.warn({ by: req.user?.user, warnings: summary.warnings }, 'the restore kept or reported things against the backup');
          return { ok: true, message: `The repository was restored from ${fileName}`, ...summary };
        } catch (e) {
          if (e instanceof RestoreError) throw errors.invalid(`${RESTORE_FAILED} ${fileName}: ${e.message}`);
          throw e;
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
}
