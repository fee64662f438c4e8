# PgBouncer from Debian's package (the version `npm run fleet` runs), for
# deploy/compose.yaml. PgBouncer refuses to run as root: it runs as the
# package's `postgres` user. The configuration is mounted at /etc/pgbouncer.
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends pgbouncer && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /run/pgbouncer && chown postgres:postgres /run/pgbouncer
USER postgres
EXPOSE 6432
CMD ["pgbouncer", "/etc/pgbouncer/pgbouncer.ini"]
