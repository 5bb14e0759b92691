/**
 * `npm start` for the Bluesky options crash test (test/slow/bluesky-options-crash.test.ts), run as a
 * child process against the test's real PDS. With CRASH_AT=gate it stands in for a process about to
 * die among a thread's gate records: the first `com.atproto.repo.putRecord` (the threadgate) goes
 * out, the second (the first postgate) never does (it hangs), and `CRASH_POINT gate` is printed for
 * the test to SIGKILL it.
 */
import { useFetchInterceptor } from '#shared/http-client/fetch-function';
import { runLocalStackChild } from './local-stack-child';

runLocalStackChild('crash-options service', async () => {
  if (process.env.CRASH_AT !== 'gate') return;
  // Every outbound fetch made from now on (the Bluesky agents are made per publish) passes here.
  let puts = 0;
  useFetchInterceptor((next) => (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    if (!url.includes('/xrpc/com.atproto.repo.putRecord')) return next(input, init);
    puts += 1;
    if (puts === 1) return next(input, init);
    process.stdout.write('CRASH_POINT gate\n');
    return new Promise<never>(() => undefined);
  });
});
