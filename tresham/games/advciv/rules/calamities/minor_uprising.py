"""Expansion Project calamity (issue 12, variants.md section 3): to be written."""
