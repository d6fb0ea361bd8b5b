"""Where a TOML file goes wrong reaches a reader in their language."""

from __future__ import annotations

import tomllib

import pytest

from snl_edu.language.localizer import Localizer
from snl_edu.language.reasons import toml_reason


@pytest.mark.parametrize(("text", "said"), [
    ('name = "x"\nwidth = [\n', ("फाइलको अन्त्यमा गल्ती छ (TOML पढ्ने प्रोग्रामको सन्देश: "
                                 "'Invalid value')")),
    ('name = "x"\nwidth =\n', ("लाइन २, स्तम्भ ८ मा गल्ती छ (TOML पढ्ने प्रोग्रामको सन्देश: "
                              "'Invalid value')"))])
def test_where_a_toml_file_goes_wrong_is_told_in_the_readers_language(text: str,
                                                                      said: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads(text)
    assert toml_reason(str(caught.value), Localizer.create("ne")) == said
