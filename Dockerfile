# One image for web, worker and beat.
FROM node:20-bookworm-slim AS frontend
WORKDIR /app/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 VAR_DIR=/app/var
WORKDIR /app
COPY pyproject.toml ./
COPY config/ config/
COPY classroom/ classroom/
COPY games/ games/
COPY api/ api/
COPY manage.py ./
RUN pip install --no-cache-dir . && python -c "import django"
COPY --from=frontend /app/frontend/dist frontend/dist
RUN SECRET_KEY=build python manage.py collectstatic --noinput -v 0
RUN useradd --create-home app && mkdir -p /app/var && chown -R app /app/var
USER app
EXPOSE 8000
CMD ["python", "-m", "config.serve", "--host", "0.0.0.0", "--port", "8000", "--workers", "2", "--log-level", "info"]
