"""Shared test configuration: the Hypothesis settings profiles.

Choose one with the ``HYPOTHESIS_PROFILE`` environment variable:

- ``default``: fast, for every local run (50 examples a test);
- ``ci``: thorough, for continuous integration (300 examples, failure blobs printed);
- ``dev``: quickest, while editing (10 examples).
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=300, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=10, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
