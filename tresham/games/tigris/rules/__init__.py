"""The rules of Tigris & Euphrates, one module per part of the checklist (docs/tigris.md)."""
