"""Developer tools: not part of the running service."""
