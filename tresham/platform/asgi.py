"""The ASGI application (``tresham serve`` runs it with uvicorn)."""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tresham.platform.settings")
application = get_asgi_application()
