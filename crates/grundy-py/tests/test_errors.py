"""Bad input raises ValueError with the command's one-line message (in
Python's terms: keywords for the command's flags); Ctrl-C stops a long
computation through the engine's stop flag."""

import _thread
import os
import signal
import threading
import time

import pytest

import grundy

# (the call, the same question asked of the command)
SAME_AS_CLI = [
    (lambda: grundy.value("kayles", ["x"]), ["value", "kayles", "x"]),
    (lambda: grundy.value("nosuch", [1]), ["value", "nosuch", "1"]),
    (lambda: grundy.value("sub:", [1]), ["value", "sub:", "1"]),
    (lambda: grundy.value("wythoff", ["3"]), ["value", "wythoff", "3"]),
    (lambda: grundy.value("nim", [3], ground=2), ["value", "nim", "3", "--ground", "2"]),
    (lambda: grundy.value("cutting", ["3x3"], misere=True), ["value", "cutting", "3x3", "--misere"]),
    (lambda: grundy.seq("wythoff", 5), ["seq", "wythoff", "--to", "5"]),
    (lambda: grundy.value("graph:/nonexistent/g", ["a"]), ["value", "graph:/nonexistent/g", "a"]),
    (lambda: grundy.value("graph:/dev/zero", ["a"]), ["value", "graph:/dev/zero", "a"]),
    (lambda: grundy.value("0.137", [5000], max_states=10), ["--max-states", "10", "value", "0.137", "5000"]),
    # The package has the command's memory budget: this once aborted the
    # interpreter allocating 8 GiB.
    (
        lambda: grundy.seq("0.137", 4294967293, max_states=10**12),
        ["--max-states", str(10**12), "seq", "0.137", "--to", "4294967293"],
    ),
]


# What the command's messages name, as Python names it.
KEYWORDS = {"(--max-states)": "(max_states)", "(--memory)": "(memory)", "; --ground": "; ground"}


@pytest.mark.parametrize("call,args", SAME_AS_CLI, ids=[" ".join(a) for _, a in SAME_AS_CLI])
def test_value_errors_carry_the_cli_message(call, args, cli):
    code, _, err = cli(*args)
    assert code == 2
    assert err.startswith("error: ") and err.count("\n") == 1
    with pytest.raises(ValueError) as caught:
        call()
    expected = err[len("error: "):].rstrip("\n")
    for flag, keyword in KEYWORDS.items():
        expected = expected.replace(flag, keyword)
    assert str(caught.value) == expected


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: grundy.seq("grundy", -1), "to must not be negative, got `-1`"),
        (lambda: grundy.seq("grundy", 1.5), "to must be a non-negative integer, got `1.5`"),
        (lambda: grundy.seq("grundy", 1 << 40), "to `1099511627776` is too large (at most 4294967293)"),
        (lambda: grundy.seq("grundy", 10, threads=0), "threads=0: give a number of threads from 1 to 1024"),
        (lambda: grundy.solve_graph([("a b", "c")]), "edge 1: vertex `a b` is not a name graph files allow (a word, not `start`, not starting with #)"),
        (lambda: grundy.solve_graph([("a", "b"), ("start", "c")]), "edge 2: vertex `start` is not a name graph files allow (a word, not `start`, not starting with #)"),
        (lambda: grundy.state_graph("nim", [100, 100]), "the state graph has more than 500 positions, too many to draw (max_states is 500); raise max_states or start from a smaller position"),
        (lambda: grundy.Nimber(-1), "a nimber is an integer from 0 to 2^64 - 1, not -1"),
        (lambda: grundy.value("nim", []), "components is empty; give at least one component, e.g. [3, 4, 5]"),
        (lambda: grundy.compound("nim", [], kind="conjunctive"), "components is empty; give at least one component, e.g. [3, 4, 5]"),
        (lambda: grundy.compound(None, []), "components is empty; give at least one component, e.g. [3, 4, 5]"),
        (lambda: grundy.state_graph("kayles", []), "components is empty; give at least one component, e.g. [3, 4, 5]"),
        (lambda: grundy.Nimber("3"), "a nimber is an integer from 0 to 2^64 - 1, not '3'"),
    ],
)
def test_python_arguments_are_refused_in_one_line(call, message):
    with pytest.raises(ValueError) as caught:
        call()
    text = str(caught.value)
    assert text == message


def send_sigint():
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)


@pytest.mark.parametrize("interrupt_main", [send_sigint, _thread.interrupt_main])
def test_ctrl_c_stops_a_long_seq_within_a_second(interrupt_main):
    sent = []

    def interrupt():
        time.sleep(0.5)
        sent.append(time.monotonic())
        interrupt_main()

    threading.Thread(target=interrupt).start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        # About a minute of work here: only the interrupt ends it early.
        grundy.seq("grundy", 1 << 23)
    returned = time.monotonic()
    assert sent, "the call returned before the signal was sent"
    assert returned - sent[0] < 1.0, returned - sent[0]
    assert returned - start < 5.0
    # The interpreter and the engine are fine afterwards.
    assert grundy.seq("grundy", 19).values.tolist()[-3:] == [2, 4, 3]


@pytest.mark.parametrize(
    "call",
    [
        lambda f: grundy.value(f"graph:{f}", ["a"]),
        lambda f: grundy.seq(f"rules:{f}", 10),
        lambda f: grundy.state_graph(f"graph:{f}", ["a"]),
        lambda f: grundy.compound(None, [f"graph:{f} a", "nim 3"]),
    ],
)
def test_ctrl_c_ends_the_wait_for_a_pipe_nobody_writes(call, tmp_path):
    # Opening a named pipe waits for a writer; the wait once ignored
    # Ctrl-C, as the call had not started its computation.
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "nobody.rhai"
    os.mkfifo(fifo)
    threading.Thread(target=lambda: (time.sleep(0.5), send_sigint())).start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        call(fifo)
    assert time.monotonic() - start < 5.0
    # The reader left waiting gets its writer, reads nothing and ends.
    os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


@pytest.mark.parametrize(
    "call",
    [
        lambda: grundy.value("nim", b"3"),
        lambda: grundy.value("nim", [b"3", 4]),
        lambda: grundy.explain("nim", bytearray(b"3")),
        lambda: grundy.draw("nim", [memoryview(b"3")]),
    ],
)
def test_bytes_are_refused_not_read_as_their_codes(call):
    # b"3" was once the heap 51, the code of the character 3.
    with pytest.raises(TypeError, match="not bytes"):
        call()


@pytest.mark.parametrize("vertex", [b"a", None, True, 1.5])
def test_graph_vertices_are_names_or_ints_not_their_reprs(vertex):
    # None was once the vertex "None", b"a" the vertex "b'a'".
    with pytest.raises(TypeError, match="edge 2: a vertex is a name \\(str\\) or an int, got"):
        grundy.solve_graph([("a", 1), ("b", vertex)])


def test_graph_edges_are_pairs_and_their_errors_one_line():
    # Bytes once unpacked as the edge 97 -> 98.
    with pytest.raises(ValueError, match="edge 1: an edge is a pair"):
        grundy.solve_graph([b"ab"])
    for name in ["a\nb", "a\x01b"]:
        with pytest.raises(ValueError) as e:
            grundy.solve_graph([(name, "c")])
        message = str(e.value)
        assert "\n" not in message and "\x01" not in message, message
        assert message.startswith("edge 1: vertex `a\\"), message
    assert grundy.solve_graph([(1, 2)]).to_json() == grundy.solve_graph([("1", "2")]).to_json()
    np = pytest.importorskip("numpy")
    assert grundy.solve_graph(np.array([[1, 2]])).to_json() == grundy.solve_graph([("1", "2")]).to_json()


def test_nimbers_take_bools_as_python_ints_do():
    # Only the number arguments refuse bools; arithmetic takes them.
    assert grundy.Nimber(3) + True == grundy.Nimber(2)
    assert grundy.Nimber(1) == True and hash(grundy.Nimber(1)) == hash(True)


@pytest.mark.parametrize(
    "call",
    [
        lambda: grundy.value("nim", [3], max_states=True),
        lambda: grundy.value("nim", [3], memory=False),
        lambda: grundy.seq("kayles", to=True),
        lambda: grundy.seq("kayles", to="05"),
        lambda: grundy.quotient("kayles", to=True),
    ],
)
def test_numbers_are_ints_not_bools_or_texts(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize("flag", ["no", None, "", 1])
def test_seq_takes_misere_as_a_bool_as_every_function_does(flag):
    with pytest.raises(TypeError, match="misere must be True or False"):
        grundy.seq("kayles", 20, misere=flag)


# (the call, the command, the command's words that Python says otherwise)
HEAP_QUESTIONS = [
    (lambda g: grundy.seq(g), ["seq"], {}),
    (lambda g: grundy.seq(g, 5, misere=True), ["seq", "--to", "5", "--misere"], {"seq --misere": "seq misere=True"}),
    (lambda g: grundy.quotient(g), ["quotient"], {}),
]


@pytest.mark.parametrize("call,command,words", HEAP_QUESTIONS, ids=["seq", "misere seq", "quotient"])
def test_a_graph_file_is_no_heap_game_before_it_is_read(call, command, words, cli, tmp_path, monkeypatch):
    # A graph file of hundreds of megabytes was read before this refusal.
    # (Short names: the refusal quotes a long one by its start and end.)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.txt").write_text("a b\nb c\n")
    code, _, err = cli(command[0], "graph:g.txt", *command[1:])
    assert code == 2
    refusal = err[len("error: "):].rstrip("\n")
    for cli_words, python_words in words.items():
        refusal = refusal.replace(cli_words, python_words)
    with pytest.raises(ValueError) as caught:
        call("graph:g.txt")
    assert str(caught.value) == refusal
    # A file that is not there: refused alike, so it was not read.
    with pytest.raises(ValueError) as caught:
        call("graph:missing.txt")
    assert str(caught.value) == refusal.replace("g.txt", "missing.txt")
