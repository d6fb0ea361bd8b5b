"""The outbox and the door, with real sockets on loopback: a peer that never reads is cut
off by the deadline or the bound, never waited for; the door counts by network."""

from __future__ import annotations

import contextlib
import socket
import threading
import time

from snl_edu.table import codes
from snl_edu.table.connection import Outbox, Watch
from snl_edu.table.gate import Gate, network_of

WAIT = 30.0


def stalled_pair() -> tuple[socket.socket, socket.socket]:
    """A connected pair whose reader never reads (small buffers: they fill at once)."""
    listener = socket.create_server(("127.0.0.1", 0))
    reader = socket.socket()
    reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    reader.connect(listener.getsockname())
    writer, _ = listener.accept()
    writer.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    listener.close()
    return writer, reader


def outbox_of(sock: socket.socket, **limits: object) -> Outbox:
    def cut() -> None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
    return Outbox(lambda text: sock.sendall(text.encode()), cut, **limits)  # type: ignore[arg-type]


def test_a_send_to_a_peer_that_never_reads_is_cut_off_by_the_watch() -> None:
    writer, reader = stalled_pair()
    watch = Watch(every=0.05)
    outbox = outbox_of(writer, deadline=0.2)
    watch.add(outbox)
    try:
        started = time.monotonic()
        assert outbox.put("x" * 1_000_000)  # never blocks, though nobody reads
        assert time.monotonic() - started < 0.5
        deadline = time.monotonic() + WAIT
        while not outbox.cut_off:  # the watch cuts it; nothing more was put
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert not outbox.put("more")  # a cut-off outbox takes nothing
    finally:
        watch.stop()
        writer.close()
        reader.close()


def test_a_full_queue_cuts_the_connection_off_at_once() -> None:
    writer, reader = stalled_pair()
    outbox = outbox_of(writer, limit=3, deadline=WAIT)
    try:
        results = [outbox.put("x" * 100_000) for _ in range(6)]
        assert results[:3] == [True, True, True] and results[-1] is False
        assert outbox.cut_off
    finally:
        writer.close()
        reader.close()


def test_messages_reach_a_reading_peer_in_order() -> None:
    writer, reader = stalled_pair()
    outbox = outbox_of(writer)
    got = bytearray()

    def read() -> None:
        while len(got) < 3000:
            got.extend(reader.recv(65536))

    thread = threading.Thread(target=read)
    thread.start()
    for index in range(3):
        outbox.put(str(index) * 1000)
    assert outbox.flush(WAIT)
    thread.join(WAIT)
    assert bytes(got) == b"0" * 1000 + b"1" * 1000 + b"2" * 1000
    outbox.close()
    writer.close()
    reader.close()


def test_the_door_counts_ipv4_by_address_and_ipv6_by_its_64() -> None:
    assert network_of("192.168.1.20") == "192.168.1.20"
    assert network_of("2001:db8:1:2:aaaa::1") == network_of("2001:db8:1:2:ffff::9") \
        == "2001:db8:1:2::/64"
    assert network_of("2001:db8:1:3::1") != network_of("2001:db8:1:2::1")
    assert network_of("::ffff:10.0.0.7") == "10.0.0.7"
    assert network_of("fe80::1%eth0") == "fe80::/64"
    gate = Gate(per_network=2, in_all=3, unjoined_per_network=2, unjoined_in_all=3,
                monotonic=lambda: 0.0)  # all at once: none has had the second to make way
    first = gate.enter(object(), "a")
    assert first and gate.enter(object(), "a") and not gate.enter(object(), "a")
    assert gate.enter(object(), "b") and not gate.enter(object(), "c")  # full in all
    gate.leave(first)
    assert gate.enter(object(), "c") and gate.open_count() == 3


def test_unjoined_sockets_have_a_smaller_share_and_a_deadline() -> None:
    """Half-open sockets from eight computers filled the whole door (96) and no child could
    join; now they fill their own share only, and each is let go at its deadline."""
    now = [0.0]
    gate = Gate(per_network=24, in_all=96, unjoined_per_network=4, unjoined_in_all=48,
                deadline=10.0, monotonic=lambda: now[0])
    held = [gate.enter(object(), f"10.0.0.{n}") for n in range(8) for _ in range(24)]
    assert sum(entry is not None for entry in held) == 32  # four from each of the eight
    child = object()
    assert gate.enter(child, "10.0.0.99") is not None  # a child's computer still gets in
    gate.joined(child)
    now[0] = 9.0
    assert gate.overdue() == []
    now[0] = 10.5  # every unjoined socket is past its deadline; the child's is not
    overdue = gate.overdue()
    assert len(overdue) == 32 and child not in overdue
    joined = [gate.enter(object(), "10.0.0.50") for _ in range(4)]
    for entry in joined:
        assert entry is not None
        gate.joined(entry.sock)
    assert gate.enter(object(), "10.0.0.50") is not None  # joined ones free the share


def test_a_full_share_of_unjoined_sockets_makes_way_for_a_new_one() -> None:
    """From many computers at once the unjoined share fills; its oldest socket that has had
    a second gives its place (shut) to the next, so a child's join always gets in."""
    now = [0.0]
    gate = Gate(monotonic=lambda: now[0])  # the table's own shares
    flood = [gate.enter(socket.socket(), f"10.0.{n}.1") for n in range(200)]
    assert sum(entry is not None for entry in flood) == gate.unjoined_in_all
    assert gate.enter(object(), "10.9.9.9") is None  # all fresh: nobody makes way yet
    now[0] = 1.5
    child = gate.enter(object(), "10.9.9.9")
    assert child is not None and gate.unjoined_count() == gate.unjoined_in_all
    oldest = next(entry for entry in flood if entry is not None)
    assert not oldest.counted  # the oldest was shut to make way
    gate.leave(oldest)  # ... and its handler's leaving counts nothing twice
    assert gate.unjoined_count() == gate.unjoined_in_all
    for entry in flood:
        if entry is not None:
            entry.sock.close()


def test_wrong_codes_from_one_ipv6_64_are_counted_together() -> None:
    limiter = codes.TryLimiter()
    for host in range(codes.WRONG_TRIES):
        limiter.wrong(network_of(f"2001:db8:0:1::{host + 1:x}"))
    assert limiter.blocked(network_of("2001:db8:0:1:dead:beef::1"))
    assert not limiter.blocked(network_of("2001:db8:0:2::1"))
