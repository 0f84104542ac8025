# One image for web, worker and beat. Each step that installs dependencies comes before the code,
# so a change of code rebuilds only the layers after it.
FROM node:20-bookworm-slim AS frontend
WORKDIR /app/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM python:3.11-slim-bookworm AS app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PYTHONPATH=/app VAR_DIR=/app/var
WORKDIR /app
# DejaVu Sans draws the names in the PDFs beyond Western European letters (classroom/pdf_text.py).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
# The dependencies, from pyproject.toml alone: this layer is reused until the dependencies change.
COPY pyproject.toml ./
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" \
      > /tmp/requirements.txt \
 && pip install --no-cache-dir -r /tmp/requirements.txt && rm /tmp/requirements.txt
# The code runs from /app (PYTHONPATH), not installed as a package.
COPY manage.py ./
COPY config/ config/
COPY classroom/ classroom/
COPY games/ games/
COPY api/ api/
COPY --from=frontend /app/frontend/dist frontend/dist
RUN SECRET_KEY=build python manage.py collectstatic --noinput -v 0
# var/media holds the PDF exports: docker-compose.yml mounts one volume there for web and worker.
RUN useradd --create-home app && mkdir -p /app/var/media && chown -R app /app/var
USER app
EXPOSE 8000
CMD ["python", "-m", "config.serve", "--host", "0.0.0.0", "--port", "8000", "--workers", "2", "--log-level", "info"]

# The reverse proxy (docker-compose.yml, "proxy"): deploy/nginx.conf, and the built files it serves
# itself. It comes last but is built only as a target; web, worker and beat use the "app" target.
FROM nginx:1.27-alpine AS proxy
COPY deploy/nginx.conf /etc/nginx/nginx.conf
COPY --from=app /app/var/static /srv/static
COPY --from=frontend /app/frontend/dist/assets /srv/frontend/assets
