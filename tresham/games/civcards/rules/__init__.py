"""The rules, one module per part of the game; each names the checklist IDs it carries out."""
