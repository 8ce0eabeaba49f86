#!/bin/sh
# The server's process, as `npm start` runs it and as the tests and benches start it (so what they
# measure is what users run). Extra arguments are node options (a bench adds --cpu-prof); `exec`
# keeps one process, so its pid is the server's. Two settings keep its memory down, measured by
# bench:import (1,000,000 rows into SQLite; docs/performance.md "Import"): without them the server
# held 248 MB before the import and 379 MB at its peak, with the second 223 and 351, with both 205
# and 309, the import as fast.
# - --max-semi-space-size=4: V8's young generation is two semi-spaces of up to 16 MB each, which a
#   busy server touches in full; 4 MB each, and the grid's pages answered as fast.
# - MALLOC_ARENA_MAX=2: glibc's malloc gives threads that allocate at once (the database's, the
#   import's, libuv's) arenas of their own, each keeping what was freed in it. A value set
#   beforehand is kept.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
exec node --max-semi-space-size=4 "$@" --import tsx src/server/main.ts
