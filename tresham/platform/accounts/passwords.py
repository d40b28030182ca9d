"""Password reset by e-mail, shared by the pages and the API (Django's forms and tokens).

The mail links to the reset page ``/accounts/reset/<uid>/<token>/``; an API client may instead
post the ``uid`` and ``token`` of that link to ``/api/accounts/password-reset/confirm``.
"""
from __future__ import annotations

from axes.utils import reset as axes_reset
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm
from django.contrib.auth.tokens import default_token_generator
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.http import urlsafe_base64_decode

from . import mails

EMAIL_TEMPLATE = "accounts/mail/password_reset.txt"
SUBJECT_TEMPLATE = "accounts/mail/password_reset_subject.txt"


def mail_context() -> dict[str, str]:
    """What the reset mail's template gets besides the link's parts."""
    return {"site_url": settings.SITE_URL.rstrip("/"), "site_name": "Tresham"}


class ResetForm(PasswordResetForm):
    """Django's reset form, its mail written to the site's outbox and sent at once: the reset
    changes nothing else, so its row commits alone (a refused mail is retried by the worker)."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email,
                  html_email_template_name=None) -> None:
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        body = render_to_string(email_template_name, context)
        html = render_to_string(html_email_template_name, context) if html_email_template_name else ""
        mails.send(to_email, subject, body, user=context.get("user"), html=html, at_once=True,
                   key=f"password-reset:{context['uid']}:{context['token']}")


def send_reset_mail(request: HttpRequest, email: str) -> bool:
    """Mail a reset link to the active account with this address, if there is one. The answer
    says only whether the address was well-formed: nobody learns which addresses have accounts."""
    form = ResetForm({"email": email})
    if not form.is_valid():
        return False
    form.save(request=request, email_template_name=EMAIL_TEMPLATE, subject_template_name=SUBJECT_TEMPLATE,
              extra_email_context=mail_context(), from_email=settings.DEFAULT_FROM_EMAIL)
    return True


def user_of_link(uidb64: str, token: str):
    """The user a reset link is for, when its token is still good; None otherwise."""
    try:
        pk = urlsafe_base64_decode(uidb64).decode()
        user = get_user_model()._default_manager.get(pk=pk)
    except (TypeError, ValueError, OverflowError, UnicodeDecodeError, get_user_model().DoesNotExist):
        return None
    return user if default_token_generator.check_token(user, token) else None


def after_reset(user) -> None:
    """The owner proved he reads the account's mail: failed logins counted against the
    account no longer lock him out (those counted against an address still do)."""
    axes_reset(username=user.get_username())


def set_password_form(user, data) -> SetPasswordForm:
    """Django's form that sets a new password twice, with the site's validators."""
    return SetPasswordForm(user, data)
