"""``python -m fuzzy_edit.repair FILE --verify CMD --model NAME --base-url URL``."""

import sys

from .cli import main

sys.exit(main())
