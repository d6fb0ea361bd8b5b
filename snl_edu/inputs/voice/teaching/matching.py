"""Matching an utterance against taught examples: features, then dynamic time warping.

Language-independent: no words, only how the child's own examples sounded. Two kinds
of features (benchmarks/bench_taught.py measures both):
  "encoder": Whisper's encoder output, one 384-wide vector each 20 ms (the model was
      trained on 680,000 hours of speech in noise, so its features carry the words and
      leave much of the noise behind), compared by cosine distance;
  "mfcc": 13 cepstra from the same log-mel bands, each normalised over the utterance
      (CMVN), compared by Euclidean distance: needs no model.
The distance of two utterances is the cost of the cheapest alignment of their frames,
divided by the lengths: a slower or faster saying costs little.
"""

from __future__ import annotations

import numpy as np

from snl_edu.inputs.voice.audio.mel import log_mel

MFCC = 13


def mfcc(samples: np.ndarray) -> np.ndarray:
    """Frames x 13 cepstra of int16 audio, mean and variance normalised (CMVN)."""
    frames = max(1, len(samples) // 160)
    logs = log_mel(samples, frames)  # 80 x frames
    n = logs.shape[0]
    basis = np.cos(np.pi / n * (np.arange(n) + 0.5)[None, :] * np.arange(MFCC)[:, None])
    cepstra = (basis @ logs).T
    return (cepstra - cepstra.mean(axis=0)) / (cepstra.std(axis=0) + 1e-6)  # type: ignore[no-any-return]


def unit_rows(features: np.ndarray) -> np.ndarray:
    """Each frame scaled to length 1, so a dot product is a cosine."""
    return features / (np.linalg.norm(features, axis=1, keepdims=True) + 1e-9)  # type: ignore[no-any-return]


def frame_costs(a: np.ndarray, b: np.ndarray, cosine: bool) -> np.ndarray:
    if cosine:
        return 1.0 - a @ b.T  # type: ignore[no-any-return]
    squared = (a * a).sum(1)[:, None] + (b * b).sum(1)[None, :] - 2.0 * a @ b.T
    return np.sqrt(np.maximum(squared, 0.0)) / np.sqrt(a.shape[1])  # type: ignore[no-any-return]


def dtw(costs: np.ndarray) -> float:
    """The cheapest path's cost from corner to corner (steps right, down, diagonal),
    over n + m. A row at a time: with C the row's running sum of costs, the row is
    C + running min(t - C), t being the best arrival from the row above."""
    n, m = costs.shape
    above = np.cumsum(costs[0])
    for i in range(1, n):
        row = costs[i]
        arrive = row + np.minimum(above, np.concatenate(([np.inf], above[:-1])))
        total = np.cumsum(row)
        above = total + np.minimum.accumulate(arrive - total)
    return float(above[-1] / (n + m))


def subsequence_dtw(costs: np.ndarray) -> float:
    """As dtw, but the path may start and end anywhere along the second axis: the whole
    example (rows) against the best stretch of the utterance (columns), so the murmur
    around a command said in a noisy room costs nothing. Over twice the example's length."""
    n, _ = costs.shape
    above = costs[0].copy()
    for i in range(1, n):
        row = costs[i]
        arrive = row + np.minimum(above, np.concatenate(([np.inf], above[:-1])))
        total = np.cumsum(row)
        above = total + np.minimum.accumulate(arrive - total)
    return float(above.min() / (2 * n))


def distance(example: np.ndarray, utterance: np.ndarray, cosine: bool,
             within: bool = False) -> float:
    """How far an utterance is from an example; ``within``: the example may be any part
    of the utterance (subsequence_dtw)."""
    costs = frame_costs(example, utterance, cosine)
    return subsequence_dtw(costs) if within else dtw(costs)
