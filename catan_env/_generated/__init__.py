"""One kernels module per registered game (see catan_env.core.kernels)."""
