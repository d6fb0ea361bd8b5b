"""Ctrl-C while eSpeak NG is rendering a sentence stops the game instead of vanishing.

eSpeak calls back into Python for each block of samples; an interrupt raised in
that callback would be printed and dropped by ctypes, and the game played on.
"""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice

LONG = " ".join(["Asha climbs the ladder from three to twenty two, well done."] * 30)


def test_ctrl_c_during_synthesis_interrupts_after_the_call() -> None:
    synthesiser = EspeakSynthesiser(Voice("en"))
    started = threading.Event()

    def press_ctrl_c() -> None:
        started.wait(5)
        time.sleep(0.05)  # well inside a long rendering; the outcome does not hang on it
        os.kill(os.getpid(), signal.SIGINT)

    presser = threading.Thread(target=press_ctrl_c)
    presser.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            started.set()
            synthesiser.synthesise(LONG)
            time.sleep(5)  # reached only if the interrupt was lost: then the test fails
    finally:
        presser.join()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
