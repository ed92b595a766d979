"""``python -m arbiterlib`` is the ``arbiter`` command."""

import sys

from arbiterlib.cli import main

sys.exit(main())
