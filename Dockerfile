# Keryx bot image: slim Python, non-root, the database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    KERYX_DATABASE=/data/keryx.db KERYX_HEALTH_FILE=/data/health \
    KERYX_IN_DOCKER=1

RUN useradd --create-home --uid 10001 keryx && mkdir /data && chown keryx /data
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY renders renders
COPY service service
COPY bot bot
COPY standin standin
COPY keryx keryx
COPY migrations migrations
RUN pip install ".[postgres]" && rm -rf /root/.cache

USER keryx
VOLUME ["/data"]
# Healthy only while the bot holds a live gateway connection (it refreshes the file).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["keryx", "health"]
CMD ["keryx", "run"]
