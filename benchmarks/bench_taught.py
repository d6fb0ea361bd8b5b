"""Commands taught by example in Nepali: which features carry them through noise.

Run by hand:  python benchmarks/bench_taught.py [--features encoder,mfcc]

Two Nepali eSpeak NG voices (each a learner) teach each command three times at their
own speed and pitch (snl voice teach, from recordings); each is then heard at two other
speeds and two other pitches, clean, with white noise at 15 dB below the speech and with
babble of four other voices at 10 dB below, and says Nepali chatter too. Every clip goes
through the game's listener (Silero endpointer) and the learner's own examples only.
Prints, per kind of features: commands right, chatter taken (goals: >= 90 % with noise,
chatter <= 2 %), the same for a child who taught one command only (each command alone:
its sayings heard, and the other commands' sayings and the chatter taken), and the time
to match one utterance (median, p90; the reference is the MFCC features' time in the
same run).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parent / "tests" / "inputs" / "voice")]

from classroom_audio import babble, clip
from espeak_audio import RATE, speak_all
from measure import Result, report

# One phrase per command, as a Nepali child might teach it.
COMMANDS = {"roll": "पासा फाल", "repeat": "फेरि भन", "where": "सबै कहाँ छन्",
            "ahead": "अगाडि के छ", "help": "मद्दत", "quit": "खेल बन्द गर", "yes": "हो",
            "no": "होइन", "skip": "अर्को प्रश्न"}
CHATTER = ("मलाई भोक लाग्यो", "आज पानी पर्छ", "मेरो कलम कहाँ गयो", "हामी बाहिर खेलौं",
           "त्यो चरा हेर", "मेरो दिदी आउनुभयो", "केरा मीठो छ", "अब कसको पालो",
           "शिक्षक आउनुभयो", "मलाई पनि देऊ")
# (voice, speed, pitch) of each learner when teaching, and the other ways each is heard.
LEARNERS = {"Asha": ("ne+f2", 140, 60), "Bikash": ("ne+m3", 160, 45)}
HEARD_AS = ((-25, +15), (+30, -15))  # speed and pitch changes from the teaching voice
CONDITIONS = (("clean", None, "white"), ("white 15 dB", 15.0, "white"),
              ("babble 10 dB", 10.0, "babble"))


def utterances(audio: object) -> list[bytes]:
    """The utterances the game's listener cuts from the audio."""
    from bench_voice import TimedSource  # the same timed source as bench_ear (no cycle)

    from snl_edu.inputs.voice.audio.sources import BLOCK_SECONDS
    from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
    from snl_edu.inputs.voice.teaching.capture import CaptureBackend
    from snl_edu.inputs.voice.voice_listener import VoiceListener

    capture = CaptureBackend()
    VoiceListener(capture, load_phrase_book("ne"), TimedSource(audio, int(BLOCK_SECONDS * RATE))
                  ).run()
    return capture.utterances


def taught(whisper: object | None, tiny: bool = False, notes: list[str] | None = None,
           misses: list[str] | None = None, kinds: tuple[str, ...] = ("encoder", "mfcc")
           ) -> Result:

    from snl_edu.inputs.voice.teaching.examples import Matcher, features_for

    notes = [] if notes is None else notes
    misses = [] if misses is None else misses
    if whisper is None:
        kinds = tuple(k for k in kinds if k != "encoder")
    commands = dict(list(COMMANDS.items())[:2]) if tiny else COMMANDS
    chatter = CHATTER[:1] if tiny else CHATTER
    background = babble(RATE * 40, random.Random("taught/babble"))
    timings: dict[str, list[float]] = {kind: [] for kind in kinds}
    for kind in kinds:
        right = total = taken = said = 0
        one = [0, 0, 0, 0]  # one command taught: its sayings heard, of; others taken, of
        # tiny: one learner, whose path through the code is every learner's
        for learner, (voice, speed, pitch) in list(LEARNERS.items())[:1 if tiny else None]:
            rng = random.Random(f"taught/{learner}")
            # Three examples: the same voice a little apart in speed each time.
            lessons = speak_all([(text, voice, speed + delta, pitch)
                                 for text in commands.values() for delta in (-8, 0, 8)])
            examples = []
            for index, (action, _) in enumerate(commands.items()):
                for words in lessons[3 * index:3 * index + 3]:
                    cut = utterances(clip(words, rng)[0])
                    examples.append((action, features_for(kind, whisper, cut[0])))
            matcher = Matcher(examples, kind)
            # A child who taught one command: only nearness can refuse the others' words
            alone = {action: Matcher([e for e in examples if e[0] == action], kind)
                     for action in commands}
            tests = [*commands.items(), *((None, text) for text in chatter)]
            for d_speed, d_pitch in HEARD_AS[:1] if tiny else HEARD_AS:
                spoken = speak_all([(text, voice, speed + d_speed, pitch + d_pitch)
                                    for _, text in tests])
                for label, snr, noise in CONDITIONS[-1:] if tiny else CONDITIONS:
                    for (action, text), words in zip(tests, spoken, strict=True):
                        audio = clip(words, rng, snr, noise, background)[0]
                        found, taken_alone = [], set()
                        for cut in utterances(audio):
                            started = time.perf_counter()
                            features = features_for(kind, whisper, cut)
                            found.append(matcher.match(features))
                            timings[kind].append(time.perf_counter() - started)
                            taken_alone |= {a for a, m in alone.items() if m.match(features)}
                        for only in commands:
                            if action == only:
                                one[0] += only in taken_alone
                                one[1] += 1
                            else:
                                one[2] += only in taken_alone
                                one[3] += 1
                        got = [f for f in found if f is not None]
                        where = f"{kind} {learner} {d_speed:+}/{d_pitch:+} {label}"
                        if action is None:
                            said += 1
                            taken += bool(got)
                            if got:
                                misses.append(f"{where}: chatter {text} taken as {got}")
                        else:
                            total += 1
                            right += got == [action]
                            if got != [action]:
                                misses.append(f"{where}: {action} heard as {got}")
        notes.append(f"taught Nepali, {kind} features: commands right {right}/{total} = "
                     f"{right / max(1, total):.1%}, chatter taken {taken}/{said} = "
                     f"{taken / max(1, said):.1%}")
        notes.append(f"taught Nepali, {kind} features, one command taught: its sayings heard "
                     f"{one[0]}/{one[1]} = {one[0] / max(1, one[1]):.1%}, the other commands' "
                     f"and the chatter taken {one[2]}/{one[3]} = {one[2] / max(1, one[3]):.1%}")
    mine = kinds[0]
    reference = "mfcc" if "mfcc" in kinds else mine
    return Result(f"taught Nepali, {mine} features: matching one utterance", "ms",
                  [t * 1000 for t in timings[mine]] or [float("nan")], f"{reference} features",
                  [t * 1000 for t in timings[reference]] or [float("nan")])


def run(tiny: bool = False) -> list[Result]:
    from snl_edu.inputs.voice.recognisers.whisper import WhisperBackend, whisper_available

    return [taught(WhisperBackend() if whisper_available() else None, tiny)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--features", default="encoder,mfcc")
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args()
    notes: list[str] = []
    misses: list[str] = []

    def measured() -> list[Result]:
        from snl_edu.inputs.voice.recognisers.whisper import WhisperBackend

        return [taught(WhisperBackend(), False, notes, misses,
                       tuple(args.features.split(",")))]

    report(__doc__.splitlines()[0], measured)
    print("\n".join(notes))
    if args.misses:
        print("\n".join(misses))


if __name__ == "__main__":
    main()
