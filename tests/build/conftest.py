import sys
from pathlib import Path

# tests/build helpers (site_copy) are imported by module name.
sys.path.insert(0, str(Path(__file__).resolve().parent))
