"""Slow, simple meld solvers the fast ones are held to in the tests."""
