"""A place on the number line as a pitch: two octaves, 220 Hz at its start to 880 Hz at
its end, exponential because equal frequency ratios are heard as equal steps.

The check-up's number line and the squares a child steps on in play use this one scale,
so the board sounds like the line she is tested on.
"""

from __future__ import annotations

LOW_HZ = 220.0
HIGH_HZ = 880.0


def pitch_hz(share: float) -> float:
    """The pitch of a place ``share`` of the way along the line (held to 0..1)."""
    share = min(max(share, 0.0), 1.0)
    return float(LOW_HZ * (HIGH_HZ / LOW_HZ) ** share)
