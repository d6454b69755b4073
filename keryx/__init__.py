"""Keryx: the command line, settings and benchmarks that tie the layers together."""
