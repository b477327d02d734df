"""The house-rules file (ginscore.settings.config): its TOML, written with ginscore's own few
lines."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginscore.settings.config import KEYS, dumps
from helpers import examples

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(
    st.dictionaries(
        st.one_of(st.sampled_from(KEYS), st.text(min_size=1, max_size=12)),
        st.one_of(st.integers(-(10**9), 10**9), st.booleans(), st.text(max_size=30), st.floats(allow_nan=False)),
        max_size=8,
    )
)
def test_the_toml_writer_round_trips(values):
    assert tomllib.loads(dumps(values)) == values
