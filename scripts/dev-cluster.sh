#!/usr/bin/env bash
# npm run dev:cluster [-- start|stop|status|env|destroy]
#
# A PostgreSQL primary, a streaming replica of it (pg_basebackup -R, a physical replication slot)
# and PgBouncer in transaction mode in front of the primary, all on this machine under one folder
# (KUDI_CLUSTER_DIR, default /tmp/kudi-cluster), as plain processes of their own: nothing of the
# machine's own PostgreSQL or of a system PgBouncer service is touched.
#
#   start    (default) starts whatever is not running yet (idempotent) and prints the settings
#   stop     stops PgBouncer, the replica and the primary (fast shutdown); the data stays
#   status   what runs, and the replica's lag
#   env      only the settings, as export lines: eval "$(scripts/dev-cluster.sh env)"
#   destroy  stop, then remove the folder
#
# Ports: KUDI_CLUSTER_PORT (default 6540) is the primary, +1 the replica, +2 PgBouncer.
# As root the servers run as the `postgres` user (PostgreSQL refuses root).
set -euo pipefail

DIR=${KUDI_CLUSTER_DIR:-/tmp/kudi-cluster}
BASE_PORT=${KUDI_CLUSTER_PORT:-6540}
PRIMARY_PORT=$BASE_PORT
REPLICA_PORT=$((BASE_PORT + 1))
BOUNCER_PORT=$((BASE_PORT + 2))
HOST=127.0.0.1
DB_NAME=${KUDI_CLUSTER_DB:-kudi}
SLOT=kudi_replica
PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)}
PGBOUNCER=${PGBOUNCER:-$(command -v pgbouncer || echo /usr/sbin/pgbouncer)}

if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "dev-cluster: PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup) were not found; set PGBIN" >&2
  exit 1
fi

# PostgreSQL and PgBouncer refuse to run as root: as root, they run as `postgres`.
if [ "$(id -u)" = 0 ]; then
  RUN_AS=postgres
  as_owner() { runuser -u "$RUN_AS" -- "$@"; }
else
  RUN_AS=$(id -un)
  as_owner() { "$@"; }
fi

psql_at() { # port, database, sql
  "$PGBIN/psql" -h "$HOST" -p "$1" -U postgres -d "$2" -v ON_ERROR_STOP=1 -qAtc "$3"
}

running() { # data dir
  [ -f "$1/postmaster.pid" ] && as_owner "$PGBIN/pg_ctl" -D "$1" status >/dev/null 2>&1
}

start_server() { # data dir, name
  if running "$1"; then
    echo "dev-cluster: $2 already running"
  else
    as_owner "$PGBIN/pg_ctl" -D "$1" -l "$DIR/$2.log" -w -t 60 start >/dev/null
    echo "dev-cluster: $2 started (log $DIR/$2.log)"
  fi
}

bouncer_pid() {
  local pid
  pid=$(cat "$DIR/pgbouncer.pid" 2>/dev/null || true)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then echo "$pid"; fi
}

start() {
  if [ ! -x "$PGBOUNCER" ]; then
    echo "dev-cluster: pgbouncer is not installed (Debian: apt-get install -y pgbouncer; its system service is not used)" >&2
    exit 1
  fi
  mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown "$RUN_AS" "$DIR"

  # The primary: replication on, its own port and socket folder.
  if [ ! -f "$DIR/primary/PG_VERSION" ]; then
    as_owner "$PGBIN/initdb" -D "$DIR/primary" -U postgres --auth=trust --no-instructions --no-sync >"$DIR/initdb.log"
    as_owner tee -a "$DIR/primary/postgresql.conf" >/dev/null <<EOF

# dev-cluster.sh
listen_addresses = '$HOST'
port = $PRIMARY_PORT
unix_socket_directories = '$DIR'
wal_level = replica
max_wal_senders = 5
max_replication_slots = 5
hot_standby = on
shared_buffers = 64MB
max_connections = 100
EOF
  fi
  start_server "$DIR/primary" primary
  psql_at "$PRIMARY_PORT" postgres "select 1 from pg_replication_slots where slot_name = '$SLOT'" | grep -q 1 \
    || psql_at "$PRIMARY_PORT" postgres "select pg_create_physical_replication_slot('$SLOT')" >/dev/null
  psql_at "$PRIMARY_PORT" postgres "select 1 from pg_database where datname = '$DB_NAME'" | grep -q 1 \
    || psql_at "$PRIMARY_PORT" postgres "create database $DB_NAME" >/dev/null

  # The replica: a base backup of the primary that streams from its slot (-R writes
  # standby.signal and primary_conninfo), read-only queries allowed while it replays.
  if [ ! -f "$DIR/replica/PG_VERSION" ]; then
    as_owner "$PGBIN/pg_basebackup" -h "$HOST" -p "$PRIMARY_PORT" -U postgres -D "$DIR/replica" -R -X stream -S "$SLOT" -c fast
    as_owner tee -a "$DIR/replica/postgresql.conf" >/dev/null <<EOF

# dev-cluster.sh (replica)
port = $REPLICA_PORT
hot_standby = on
hot_standby_feedback = on
EOF
  fi
  start_server "$DIR/replica" replica

  # PgBouncer in transaction mode before the primary: any database name passes to the primary's.
  if [ ! -f "$DIR/pgbouncer.ini" ]; then
    echo '"postgres" ""' >"$DIR/userlist.txt"
    cat >"$DIR/pgbouncer.ini" <<EOF
[databases]
* = host=$HOST port=$PRIMARY_PORT

[pgbouncer]
listen_addr = $HOST
listen_port = $BOUNCER_PORT
unix_socket_dir = $DIR
pool_mode = transaction
auth_type = trust
auth_file = $DIR/userlist.txt
admin_users = postgres
default_pool_size = 20
max_client_conn = 500
server_reset_query =
; After a failed connection to the primary (it was restarting) PgBouncer tries again only after
; this long: its default, 15 s, kept the API waiting as long after every restart of the primary.
server_login_retry = 1
logfile = $DIR/pgbouncer.log
pidfile = $DIR/pgbouncer.pid
EOF
    [ "$(id -u)" = 0 ] && chown "$RUN_AS" "$DIR/pgbouncer.ini" "$DIR/userlist.txt"
  fi
  if [ -n "$(bouncer_pid)" ]; then
    echo "dev-cluster: pgbouncer already running"
  else
    as_owner "$PGBOUNCER" -d "$DIR/pgbouncer.ini"
    for _ in $(seq 1 50); do
      psql_at "$BOUNCER_PORT" "$DB_NAME" "select 1" >/dev/null 2>&1 && break
      sleep 0.1
    done
    psql_at "$BOUNCER_PORT" "$DB_NAME" "select 1" >/dev/null
    echo "dev-cluster: pgbouncer started (log $DIR/pgbouncer.log)"
  fi

  # The replica has replayed the primary's database before anyone reads it.
  for _ in $(seq 1 100); do
    psql_at "$REPLICA_PORT" postgres "select 1 from pg_database where datname = '$DB_NAME'" 2>/dev/null | grep -q 1 && break
    sleep 0.1
  done
  echo
  echo "The API through PgBouncer, history and statements from the replica:"
  settings | sed 's/^export /  /'
  echo
  echo "The replica routing and PgBouncer tests (jest's server-cluster project):"
  test_settings | sed 's/^export /  /'
}

settings() {
  echo "export DATABASE_URL=postgres://postgres@$HOST:$BOUNCER_PORT/$DB_NAME"
  echo "export DATABASE_POOLER=pgbouncer"
  echo "export DATABASE_REPLICA_URL=postgres://postgres@$HOST:$REPLICA_PORT/$DB_NAME"
}

test_settings() {
  echo "export TEST_PGBOUNCER_URL=postgres://postgres@$HOST:$BOUNCER_PORT/postgres"
  echo "export TEST_PRIMARY_URL=postgres://postgres@$HOST:$PRIMARY_PORT/postgres"
  echo "export TEST_REPLICA_URL=postgres://postgres@$HOST:$REPLICA_PORT/postgres"
}

stop() {
  local pid
  pid=$(bouncer_pid)
  if [ -n "$pid" ]; then
    kill -INT "$pid" # PgBouncer's own "shut down now"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    echo "dev-cluster: pgbouncer stopped"
  fi
  for name in replica primary; do
    if running "$DIR/$name"; then
      as_owner "$PGBIN/pg_ctl" -D "$DIR/$name" -m fast -w stop >/dev/null
      echo "dev-cluster: $name stopped"
    fi
  done
}

status() {
  local rc=0
  for name in primary replica; do
    if running "$DIR/$name"; then echo "$name: running"; else echo "$name: stopped"; rc=1; fi
  done
  if [ -n "$(bouncer_pid)" ]; then echo "pgbouncer: running"; else echo "pgbouncer: stopped"; rc=1; fi
  if running "$DIR/primary"; then
    psql_at "$PRIMARY_PORT" postgres \
      "select 'replica lag: ' || coalesce(pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)), '?') || ' (' || state || ')' from pg_stat_replication" || true
  fi
  return $rc
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  env) settings; test_settings ;;
  destroy) stop; rm -rf "$DIR"; echo "dev-cluster: $DIR removed" ;;
  *) echo "usage: scripts/dev-cluster.sh [start|stop|status|env|destroy]" >&2; exit 2 ;;
esac
