"""Critter Kitchen (work in progress)."""
