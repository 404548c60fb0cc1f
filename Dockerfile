# Minimal image: the bot, its database on a volume, run as a non-root user.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DATABASE_PATH=/data/salon.sqlite3
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-cache-dir . && useradd --create-home --uid 10001 salon \
    && mkdir -p /data && chown salon /data && chmod 700 /data
USER salon
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
