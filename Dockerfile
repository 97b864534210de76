# Agora in a container: the release binary on Debian slim, the shipped tasks, and the sites'
# base data seeded at image build (a named volume on /opt/agora/data keeps it, with
# trajectories and judge verdicts, across restarts). Browsers come from a Selenium Grid
# (see docker-compose.yml); the image holds no browser.

FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin agora \
 && scripts/split-debuginfo.sh target/release/agora

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
# The lean binary only (its backtraces name functions); /src/target/release/agora.debug in
# the build stage has the files and lines: copy it beside the binary to have them too.
COPY --from=build /src/target/release/agora /usr/local/bin/agora
COPY tasks /opt/agora/tasks
WORKDIR /opt/agora
# Agora runs as an unprivileged user of its own, never as root; it owns its data (a named
# volume starts as a copy of this directory, owner included).
RUN useradd --system --home-dir /opt/agora --shell /usr/sbin/nologin agora \
 && agora seed --data-dir /opt/agora/data \
 && chown -R agora:agora /opt/agora/data
USER agora
VOLUME /opt/agora/data
# 8400: the control API (and MCP at /mcp); 8401: the fence proxy the Grid's browsers use.
EXPOSE 8400 8401
ENTRYPOINT ["agora", "up", "--data-dir", "/opt/agora/data", "--tasks", "/opt/agora/tasks"]
