"""Accounts: users, profiles (display name, e-mail, time zone), friends, moderation."""
