"""Run the ``tabletop-rules`` command as ``python -m tabletop_rules``."""

import sys

from tabletop_rules.cli import main

sys.exit(main())
