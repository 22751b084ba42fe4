"""Tests of one game (a package, so that test file names may repeat across games)."""
