// The secret that signs and encrypts the dashboard's session cookies:
// NEXTAUTH_SECRET when set, else a random one generated once into .data/, so a
// fresh clone starts with no configuration. Instances that share a database
// but not a disk must set NEXTAUTH_SECRET (the same value everywhere).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../runtime/config';

const SECRET_FILE = path.join(process.cwd(), '.data', 'nextauth-secret');

let cached: string | undefined;

export function authSecret(): string {
  cached ??= config().NEXTAUTH_SECRET ?? readOrCreateSecretFile();
  return cached;
}

function readOrCreateSecretFile(): string {
  try {
    return fs.readFileSync(SECRET_FILE, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
    try {
      fs.writeFileSync(SECRET_FILE, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch {
      // Another process wrote it first: use theirs.
    }
    return fs.readFileSync(SECRET_FILE, 'utf8').trim();
  }
}
