"""Running the app in production: gunicorn's settings and launch, and the logs it writes."""
