# Keryx bot image: slim Python, non-root, the database on a volume.
#
# Stage 1 builds Keryx as a wheel with the hot engine modules compiled by mypyc
# (KERYX_COMPILE=1, setup.py; about 1.6 times faster an action, docs/benchmarks.md,
# "Compiling the engine with mypyc"). The compiler stays in this stage only.
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY engine engine
COPY renders renders
COPY service service
COPY shared shared
COPY bot bot
COPY standin standin
COPY keryx keryx
COPY migrations migrations
# mypyc type-checks what the modules import, so the build stage has the dependencies too
RUN pip install "setuptools>=68" wheel "mypy>=1.20,<2" . \
    && KERYX_COMPILE=1 pip wheel --no-build-isolation --no-deps -w /wheels .

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    KERYX_DATABASE=/data/keryx.db KERYX_HEALTH_FILE=/data/health \
    KERYX_IN_DOCKER=1

RUN useradd --create-home --uid 10001 keryx && mkdir /data && chown keryx /data
WORKDIR /app
COPY --from=build /wheels /wheels
# the compiled wheel with its dependencies; `keryx bench --json` reports
# machine.engine_compiled_modules (24 here, 0 for a pure-Python install)
RUN pip install "$(ls /wheels/keryx-*.whl)[postgres]" && rm -rf /wheels /root/.cache

USER keryx
VOLUME ["/data"]
# Healthy only while the bot holds a live gateway connection (it refreshes the file).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["keryx", "health"]
CMD ["keryx", "run"]
