"""Writes for assignments and matches. Every change to a match goes through moves.py."""
