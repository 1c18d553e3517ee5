"""Kernels generated per game from catan_env/core/kernels/template.py."""
