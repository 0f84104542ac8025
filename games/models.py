"""Matches, moves and attempts arrive with live play (issue 4)."""
