"""'python -m ginscore' (ginscore/__main__.py) in a real process."""

import pytest


@pytest.mark.slow
def test_python_dash_m_works():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "ginscore", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and "ginscore" in result.stdout
