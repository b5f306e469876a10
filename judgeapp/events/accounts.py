"""Accounts: sign up, log in and out, password change and reset (Django's own views), and
the API token.  Sign-up and log-in are rate limited per client (judgeapp.ratelimits)."""
from __future__ import annotations


from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import path, reverse_lazy
from rest_framework.authtoken.models import Token

from judgeapp.ratelimits import rate_limited

from .forms import SignUpForm

def signup(request):
    if request.user.is_authenticated:
        return redirect(settings.LOGIN_REDIRECT_URL)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}.")
        return redirect(request.GET.get("next") or settings.LOGIN_REDIRECT_URL)
    return render(request, "events/accounts/form.html",
                  {"form": form, "title": "Sign up", "submit": "Sign up", "id": "signup-form"},
                  status=400 if form.errors else 200)


@login_required
def api_token(request):
    """The token for ``Authorization: Token …``; a POST replaces it."""
    if request.method == "POST":
        Token.objects.filter(user=request.user).delete()
        Token.objects.create(user=request.user)
        messages.success(request, "A new API token was made; the old one no longer works.")
        return redirect("accounts:token")
    token = Token.objects.filter(user=request.user).first()
    return render(request, "events/accounts/token.html", {"token": token})


def _form(view, title: str, submit: str, **kwargs):
    return view.as_view(template_name="events/accounts/form.html",
                        extra_context={"title": title, "submit": submit}, **kwargs)


def _message(view, title: str, text: str):
    return view.as_view(template_name="events/accounts/message.html", extra_context={"title": title, "text": text})


app_name = "accounts"
urlpatterns = [
    path("signup/", rate_limited("sign-up")(signup), name="signup"),
    path("login/", rate_limited("log-in")(_form(auth.LoginView, "Log in", "Log in", redirect_authenticated_user=True)),
         name="login"),
    path("logout/", auth.LogoutView.as_view(), name="logout"),
    path("password/change/", _form(auth.PasswordChangeView, "Change your password", "Change",
                                   success_url=reverse_lazy("accounts:password_change_done")),
         name="password_change"),
    path("password/change/done/", _message(auth.PasswordChangeDoneView, "Password changed",
                                           "Your password was changed."), name="password_change_done"),
    path("password/reset/", _form(auth.PasswordResetView, "Reset your password", "Send the link",
                                  email_template_name="events/accounts/password_reset_email.txt",
                                  subject_template_name="events/accounts/password_reset_subject.txt",
                                  success_url=reverse_lazy("accounts:password_reset_done")),
         name="password_reset"),
    path("password/reset/sent/", _message(auth.PasswordResetDoneView, "Check your e-mail",
                                          "If an account has that address, a link to set a new password is on its "
                                          "way."), name="password_reset_done"),
    path("password/reset/<uidb64>/<token>/", _form(auth.PasswordResetConfirmView, "Set a new password", "Save",
                                                   success_url=reverse_lazy("accounts:password_reset_complete")),
         name="password_reset_confirm"),
    path("password/reset/done/", _message(auth.PasswordResetCompleteView, "Password set",
                                          "Your new password is set; log in with it."),
         name="password_reset_complete"),
    path("token/", api_token, name="token"),
]
