"""Conformance scenarios: portable YAML files that pin one rule each."""
