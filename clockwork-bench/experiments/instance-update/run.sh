#!/usr/bin/env bash
# What one instance update costs PostgreSQL, index by index, and what a narrow scheduling table
# would save (RESULTS.md, "What a timer fire's instance update costs"). Needs PostgreSQL's initdb,
# pg_ctl, psql and pgbench: PG_BIN names their directory (the embedded PostgreSQL the tests unpack
# under /tmp/embedded-pg/*/bin has the server; Debian's postgresql-client has psql and pgbench).
# Builds a throwaway cluster in a temporary directory on port 55999, runs, and removes it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
migrations=$here/../../../clockwork-postgres/src/main/resources/db/clockwork/migration
PG_BIN=${PG_BIN:-$(ls -d /tmp/embedded-pg/*/bin 2>/dev/null | head -1)}
[[ -x "$PG_BIN/initdb" ]] || { echo "set PG_BIN to a directory with initdb and pg_ctl" >&2; exit 2; }
dir=$(mktemp -d)
as_owner=()
if [[ $(id -u) == 0 ]]; then # initdb refuses root: run the server as nobody
  chown nobody "$dir"
  as_owner=(runuser -u nobody --)
fi
export PGPORT=55999 PGHOST=$dir PGUSER=postgres
"${as_owner[@]}" "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
printf "port = 55999\nunix_socket_directories = '%s'\nlisten_addresses = ''\nshared_buffers = 256MB\nsynchronous_commit = off\nmax_wal_size = 4GB\n" "$dir" >> "$dir/data/postgresql.conf"
"${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/pg.log" start -w >/dev/null
trap '"${as_owner[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" stop -m fast >/dev/null; rm -rf "$dir"' EXIT

for db in today narrow; do
  psql -q -c "CREATE DATABASE $db" postgres
  for f in $(ls "$migrations" | sort -t_ -k1.2 -n); do
    psql -q -v ON_ERROR_STOP=1 -f "$migrations/$f" $db >/dev/null
  done
done
psql -q -v ON_ERROR_STOP=1 -f "$here/narrow.sql" narrow
for db in today narrow; do
  psql -q -v ON_ERROR_STOP=1 -f "$here/seed.sql" $db
done
psql -q -c "INSERT INTO cw_due (instance_id, machine, queue, version, next_timer_at)
            SELECT id, machine, queue, version, next_timer_at FROM cw_instances" narrow
psql -q -c "CREATE DATABASE indexes TEMPLATE today" postgres

rate() { # rows updated a second by one client over 10 s ($1 script, $2 database)
  psql -q -c "VACUUM ANALYZE" "$2"
  pgbench -n -c 1 -T 10 -f "$here/$1" "$2" 2>/dev/null |
    awk '/^tps/ {printf "%.0f", $3 * 50}'
}
echo "A timer fire's update of 50 instances a statement (every column a fire changes), one client:"
for round in 1 2 3; do
  today=$(rate fire-today.sql today)
  narrow=$(rate fire-narrow.sql narrow)
  awk -v r=$round -v t=$today -v n=$narrow 'BEGIN {printf "  round %d: today %d rows/s = %.1f us a row; narrow %d rows/s = %.1f us a row\n", r, t, 1e6 / t, n, 1e6 / n}'
done
echo "The same update moving next_timer_at only, as the indexes of cw_instances are dropped one by one:"
for index in - cw_instances_active cw_instances_conversation cw_instances_running \
             cw_instances_machine cw_instances_queue_due cw_instances_due; do
  [[ $index == - ]] || psql -q -c "DROP INDEX $index" indexes
  rows=$(rate due-only.sql indexes)
  awk -v i="$index" -v n=$rows 'BEGIN {printf "  %-28s %6d rows/s = %.1f us a row\n", (i == "-" ? "every index" : "without " i), n, 1e6 / n}'
done
psql -At -c "SELECT 'HOT updates of cw_instances once no index names a changed column: ' || n_tup_hot_upd || ' of ' || n_tup_upd FROM pg_stat_user_tables WHERE relname = 'cw_instances'" indexes
