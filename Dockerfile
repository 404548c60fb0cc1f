# The bot in a slim image: dependencies in their own cached layer, the database on the /data
# volume (whatever .env says: SALON_DATA_DIR wins over DATABASE_PATH), a non-root user, a
# health check reading the heartbeat the running bot writes, signals straight to the bot.
# python:3.11-slim by digest (3.11.16 on Debian trixie, the multi-platform index): the same
# base tomorrow. To move on: docker pull python:3.11-slim, then put the digest that
# `docker inspect --format '{{index .RepoDigests 0}}' python:3.11-slim` prints here.
FROM python:3.11-slim@sha256:9c900dea9e8fb7e16277c179b555cc72d29a352dbc33cff48ad5a0412fd5bfc7
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 SALON_DATA_DIR=/data
WORKDIR /app
# A font with French accents for the showdown picture (bot/view/card_art.py).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

# 1. Dependencies only: this layer is rebuilt when pyproject.toml or constraints.txt changes,
# not the code. The bot's and the postgres and fast extras' (asyncpg for the cluster profile,
# uvloop), each package at constraints.txt's version.
COPY pyproject.toml constraints.txt ./
RUN python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb'))['project']; x = p['optional-dependencies']; print('\n'.join(p['dependencies'] + x['postgres'] + x['fast']))" > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt -c constraints.txt && rm /tmp/requirements.txt

# 2. The bot itself.
COPY README.md ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-deps . \
    && useradd --create-home --uid 10001 salon \
    && mkdir -p /data && chown salon /data && chmod 700 /data
USER salon
VOLUME ["/data"]
# A data folder the bot's user cannot write (a host folder mounted on /data belongs to root)
# stops the start with a sentence saying what to do: `chown 10001` it (docs/deploy.md).
COPY docker-entrypoint.sh /app/
ENTRYPOINT ["sh", "/app/docker-entrypoint.sh"]

# Healthy while the bot writes its heartbeat (gateway connected, database writable) and its
# web pages answer /healthz (unless WEB_PORT=off; docs/web.md). The web pages listen on every
# address of the container: publish the port on the host's 127.0.0.1 (compose.yaml).
ENV WEB_HOST=0.0.0.0
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health", "--web"]
# Exec form: the bot is PID 1 and gets SIGTERM from `docker stop` (it closes cleanly).
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
