/**
 * V8 flags the server process runs with: `npm start` / `npm run serve` pass them on the command
 * line (V8 takes neither from NODE_OPTIONS), and the tests and benchmarks spawn the server with the
 * same list. A unit test keeps package.json in step with it.
 *
 * Why: on 2 cores the chat fan-out's worst sends were the ones that met a young-generation GC on
 * the event loop. V8's parallel scavenger hands work to helper threads that, with the embedded
 * database's thread and the sockets also busy, wait for a core, so a 1-2 ms scavenge stretched to
 * 6-15 ms. One GC thread does not wait on anyone, and a larger young generation (64 MB semi-space
 * instead of 16) scavenges about a quarter as often. Fan-out bench, PGlite, 3 interleaved rounds,
 * p99 at 200/s over the raw socket.io broadcast's in the same run: no flags 5.13, single-threaded
 * GC 2.58, semi-space 64 MB 2.24, both 1.75.
 */
export const SERVER_NODE_FLAGS = ['--single-threaded-gc', '--max-semi-space-size=64'] as const
