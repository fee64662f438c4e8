// postinstall: patches a defect of the `postgres` driver (3.4.9, the latest
// release) that a database restart sets off (porsager/postgres#1154, #1208;
// fix proposed in #1168, #1209, not released). A small write is flushed from a
// setImmediate; when the connection closes first, the flush calls
// `socket.write` on null: an uncaught TypeError (which ends a plain Node
// process), thrown before the connection resets its write buffer, so the
// pooled connection keeps a stale buffer and timer. Seen here when a
// transaction is cut by `pg_ctl stop` (tests/faults/database-outage.test.ts).
// The patch settles the pending query with CONNECTION_CLOSED instead, and
// resets the buffer whenever the socket goes away. Idempotent; fails loudly if
// the driver's code is not the one this was written for.
import fs from 'node:fs';
import path from 'node:path';

const MARK = '/* petstore: null-socket patch */';
const root = path.join(process.cwd(), 'node_modules', 'postgres');
const files = ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'];

const replacements = [
  [
    '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `  function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  // terminate() and closed(): cancel the pending flush and drop its buffer, not just the timer.
  ['    clearImmediate(nextWriteTimer)\n    if (socket) {', '    clearImmediate(nextWriteTimer), chunk = nextWriteTimer = null\n    if (socket) {'],
  ['    clearImmediate(nextWriteTimer)\n    socket.removeListener', '    clearImmediate(nextWriteTimer), chunk = nextWriteTimer = null\n    socket.removeListener'],
];

if (!fs.existsSync(root)) process.exit(0);
for (const file of files) {
  const target = path.join(root, file);
  if (!fs.existsSync(target)) continue;
  let source = fs.readFileSync(target, 'utf8');
  if (source.includes(MARK)) continue;
  for (const [before, after] of replacements) {
    if (!source.includes(before)) {
      console.error(`patch-postgres-driver: ${file} is not the code this patch was written for; review the patch.`);
      process.exit(1);
    }
    source = source.replace(before, after);
  }
  fs.writeFileSync(target, source);
}
