import sys
from pathlib import Path

# The helper programs sit beside the tests; the package itself is imported from the repository root.
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parents[3]))
