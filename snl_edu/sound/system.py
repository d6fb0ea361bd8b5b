"""The sound system through miniaudio: which backend, which device, and why none.

miniaudio's C library is inside its wheel and finds the platform's sound system
at run time (PulseAudio or ALSA on Linux, CoreAudio, WASAPI), so nothing needs
installing from the operating system. Its null backend, which consumes and
produces silence at real-time pace with no hardware, is never chosen by itself:
a machine with no sound system is told so. ``SNL_AUDIO_BACKEND=null`` asks for
it on purpose (a headless demo, CI); ``SNL_AUDIO_BACKEND=alsa`` and so on pick
one real backend; ``SNL_AUDIO_DEVICE`` picks a device by name or number.

Both directions use it: speech and earcons play through it, the microphone
listens through it; each turns ``NoSoundSystem`` into its own message.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from enum import StrEnum
from typing import Any

BACKEND_ENV = "SNL_AUDIO_BACKEND"
DEVICE_ENV = "SNL_AUDIO_DEVICE"
APP_NAME = "snl_edu"


class Lack(StrEnum):
    MINIAUDIO = "miniaudio"  # the miniaudio Python package (its C library is inside the wheel)
    SYSTEM = "system"  # no sound system, or no usable device in it
    CHOSEN = "chosen"  # the device or backend $SNL_AUDIO_DEVICE / $SNL_AUDIO_BACKEND names


class NoSoundSystem(Exception):
    """Why no device could be opened; ``detail`` is the chosen name for CHOSEN."""

    def __init__(self, lack: Lack, detail: str = "") -> None:
        super().__init__(f"{lack}: {detail}".rstrip(": "))
        self.lack = lack
        self.detail = detail


def import_miniaudio() -> Any:
    """The miniaudio module, or ``NoSoundSystem`` saying the package is missing."""
    try:
        import miniaudio
    except ImportError as error:
        raise NoSoundSystem(Lack.MINIAUDIO, str(error)) from error
    return miniaudio


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Silence C libraries (ALSA, JACK) that print probing chatter straight to fd 2.

    Only the notice we write ourselves should reach the player; a Python-level
    redirect cannot catch C writes, so fd 2 itself is pointed at the null device.
    """
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        sys.stderr.flush()
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def backends(ma: Any, choice: str | None = None) -> list[Any]:
    """The backends to try, best first: ``choice`` (or $SNL_AUDIO_BACKEND), else every real one."""
    wanted = (choice if choice is not None else os.environ.get(BACKEND_ENV, "")).strip()
    if wanted:
        chosen = []
        for name in wanted.replace(",", " ").split():
            backend = getattr(ma.Backend, name.upper(), None)
            if backend is None or not ma.is_backend_enabled(backend):
                raise NoSoundSystem(Lack.CHOSEN, name)
            chosen.append(backend)
        return chosen
    # The Backend enum lists miniaudio's own order of preference.
    return [backend for backend in ma.Backend
            if backend not in (ma.Backend.NULL, ma.Backend.CUSTOM)
            and ma.is_backend_enabled(backend)]


def device_id(ma: Any, chosen: list[Any], capture: bool,
              name: str | None = None) -> tuple[Any, str]:
    """The id and name of the device ``name`` (or $SNL_AUDIO_DEVICE) names, by number or by
    name; (None, "") for the system's default device."""
    wanted = (name if name is not None else os.environ.get(DEVICE_ENV, "")).strip()
    if not wanted:
        return None, ""
    try:
        devices = ma.Devices(chosen)
        found = devices.get_captures() if capture else devices.get_playbacks()
    except ma.MiniaudioError as error:
        raise NoSoundSystem(Lack.SYSTEM, str(error)) from error
    for number, info in enumerate(found):
        if wanted == str(number) or wanted.lower() in str(info["name"]).lower():
            return info["id"], str(info["name"])
    raise NoSoundSystem(Lack.CHOSEN, wanted)


def open_device(kind: str, rate: int, period_ms: int, periods: int = 0,
                backend: str | None = None, device: str | None = None,
                channels: int = 1) -> tuple[Any, str]:
    """An opened (not started) 16-bit miniaudio PlaybackDevice or CaptureDevice (mono, or
    interleaved stereo with ``channels=2``: the check-up's tone moves between the ears), and
    its name for people ("PulseAudio", or "ALSA: USB headset" when one was chosen).

    Raises ``NoSoundSystem``: MINIAUDIO when the package is missing, SYSTEM when no
    sound system or device can be opened, CHOSEN when the one asked for is not there.
    """
    ma = import_miniaudio()
    chosen = backends(ma, backend)
    if not chosen:
        raise NoSoundSystem(Lack.SYSTEM, "no sound system")
    capture = kind == "capture"
    with quiet_stderr():
        identity, name = device_id(ma, chosen, capture, device)
        settings = {"nchannels": channels, "sample_rate": rate, "buffersize_msec": period_ms,
                    "callback_periods": periods, "device_id": identity, "backends": chosen,
                    "app_name": APP_NAME}
        try:
            if capture:
                opened = ma.CaptureDevice(input_format=ma.SampleFormat.SIGNED16, **settings)
            else:
                opened = ma.PlaybackDevice(output_format=ma.SampleFormat.SIGNED16, **settings)
        except ma.MiniaudioError as error:
            raise NoSoundSystem(Lack.SYSTEM, _reason(error)) from error
    backend_name = str(opened.backend)
    return opened, f"{backend_name}: {name}" if name else backend_name


def start_device(device: Any, callback: Any) -> None:
    """Start an opened device with its callback generator, or close it and raise
    ``NoSoundSystem`` (a device that opens may still refuse to start)."""
    ma = import_miniaudio()
    try:
        device.start(callback)
    except ma.MiniaudioError as error:
        device.close()
        raise NoSoundSystem(Lack.SYSTEM, _reason(error)) from error


def _reason(error: Exception) -> str:
    """miniaudio's error as words ("failed to init device"), without its numeric code."""
    return str(error.args[0]) if error.args else str(error)
