from django.apps import AppConfig


class TalkConfig(AppConfig):
    name = "tresham.platform.talk"
    label = "talk"
    verbose_name = "Table talk"

    def ready(self) -> None:
        # Imported here, not at the top: apps.py is read before any app's models are loaded,
        # and these modules use them (Django's way for an app's start-up work).
        from ..play import live
        from ..play import messages as table_messages
        from . import services
        from .models import Message

        # a game's live stream tells a seat's holder that his conversations changed (a number)
        live.register_topic_poller("talk", lambda topics: {t: n for t, n in services.newest_for_seats(topics).items()
                                                           if n})
        live.register_stream_topics("talk", services.stream_topics)
        # the conversations' messages count against the one messages' limit (SITE-SAFE-09)
        table_messages.also_count("talk", lambda user: (Message.objects.filter(author=user), "at"))
