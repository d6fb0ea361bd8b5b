"""The operating system's and the TOML reader's reasons reach a reader in their language."""

from __future__ import annotations

import errno
import tomllib

import pytest

from snl_edu.language.localizer import Localizer
from snl_edu.language.reasons import system_reason, toml_reason


def test_a_system_reason_is_told_in_the_readers_language() -> None:
    nepali = Localizer.create("ne")
    try:
        open("/")  # noqa: SIM115 - the error is what is wanted
    except OSError as error:
        assert system_reason(error, nepali) == "यो फाइल होइन, फोल्डर हो"
        assert system_reason(error, Localizer.create("en")) == "it is a folder, not a file"
    assert system_reason(OSError(errno.ENOSPC, "No space left on device"), nepali) == \
        "डिस्क भरिएको छ"


def test_a_reason_without_a_translation_is_quoted_as_the_system_said_it() -> None:
    """A teacher can search for the system's own words."""
    assert system_reason(OSError(errno.EMFILE, "Too many open files"),
                         Localizer.create("ne")) == "कम्प्युटरको सन्देश: 'Too many open files'"


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
