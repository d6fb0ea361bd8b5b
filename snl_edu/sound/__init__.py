"""sound."""
